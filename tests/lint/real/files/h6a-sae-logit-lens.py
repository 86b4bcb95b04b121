# cosaudit corpus, synthetic file: same shape as XiaoliangQi/sae-analysis/logit_lens.py at 82c86b3462f1bbbef0bd23ee9083c17391b930f0 (licence NOASSERTION); new code, no text copied.
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

NAME = "EleutherAI/pythia-160m"


def main(text="Sparse autoencoders help explain what a transformer computes"):
    model = AutoModelForCausalLM.from_pretrained(NAME)
    tok = AutoTokenizer.from_pretrained(NAME)
    batch = tok(text, return_tensors="pt")
    words = [tok.decode([t]) for t in batch["input_ids"][0]]
    with torch.no_grad():
        states = model(**batch, output_hidden_states=True).hidden_states
    print(" | ".join(f"{w:<10}" for w in words))
    for depth, h in enumerate(states):
        # intermediate states have not been through the final norm yet
        h = model.gpt_neox.final_layer_norm(h)
        logits = torch.matmul(h, model.get_output_embeddings().weight.T)
        best = logits[0].argmax(dim=-1)
        row = [tok.decode([int(i)]).strip()[:10] for i in best]
        print(f"L{depth:<3}" + " | ".join(f"{w:<10}" for w in row))


if __name__ == "__main__":
    main()
