# Synthetic rewrite of the shape of lccqqqqq/sae-analysis:deprecated/logit_lens.py at 9239e89e3a693329fc623a20d300f374970078f4 (licence MIT); not the original text.
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

CHECKPOINT = "EleutherAI/pythia-70m-deduped"
DEV = "cuda" if torch.cuda.is_available() else "cpu"


def layerwise_guesses(text: str):
    lm = AutoModelForCausalLM.from_pretrained(CHECKPOINT).to(DEV)
    tok = AutoTokenizer.from_pretrained(CHECKPOINT)
    enc = tok(text, return_tensors="pt").to(DEV)
    words = [tok.decode([i]) for i in enc["input_ids"][0]]

    with torch.no_grad():
        states = lm(**enc, output_hidden_states=True).hidden_states

    print("layer | " + " | ".join(w.strip()[:10] for w in words))
    for depth, h in enumerate(states):
        # every intermediate state gets the final norm before the readout
        h_normed = lm.gpt_neox.final_layer_norm(h)
        readout = lm.embed_out.weight if hasattr(lm, "embed_out") else lm.get_output_embeddings().weight
        scores = h_normed @ readout.T
        guess = scores[0].argmax(dim=-1)
        cells = [tok.decode([int(g)]).replace("\n", "\\n").strip()[:10] for g in guess]
        print(f"L{depth:<4} | " + " | ".join(cells))


if __name__ == "__main__":
    layerwise_guesses("To be or not to be, ")
