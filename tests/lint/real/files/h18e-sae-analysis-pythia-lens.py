# Synthetic rewrite of the shape of XiaoliangQi/sae-analysis:logit_lens.py at 82c86b3462f1bbbef0bd23ee9083c17391b930f0 (licence NOASSERTION); not the original text.
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

CKPT = "EleutherAI/pythia-160m"
dev = "cuda" if torch.cuda.is_available() else "cpu"


def unembedding_of(model):
    # GPT-NeoX keeps its (untied) output matrix in `embed_out`; other families go through the helper
    if hasattr(model, "embed_out"):
        return model.embed_out.weight
    return model.get_output_embeddings().weight


def lens_table(text):
    model = AutoModelForCausalLM.from_pretrained(CKPT).to(dev).eval()
    tok = AutoTokenizer.from_pretrained(CKPT)
    enc = tok(text, return_tensors="pt").to(dev)
    with torch.no_grad():
        states = model(**enc, output_hidden_states=True).hidden_states
    W = unembedding_of(model)
    rows = []
    for depth, h in enumerate(states):
        normed = model.gpt_neox.final_layer_norm(h)  # the head expects final-norm inputs
        logits = torch.matmul(normed, W.T)
        best = logits[0].argmax(dim=-1)
        rows.append((depth, [tok.decode([int(t)]).strip()[:10] for t in best]))
    return rows


if __name__ == "__main__":
    for depth, guesses in lens_table("Sparse autoencoders help us read transformer internals"):
        print(f"L{depth:<3}", " | ".join(f"{g:<10}" for g in guesses))
