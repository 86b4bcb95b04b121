# Synthetic rewrite of the shape of Darian-Lee-YTKA/multilingual_MI:logit_lens.py at 707aec9a1f314582c76a1337a0618c5e68abf9d0 (licence NOASSERTION); not the original text.
import pandas as pd
import torch
from transformers import AutoTokenizer, GPT2LMHeadModel

dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
name = "sberbank-ai/rugpt3large_based_on_gpt2"
lm = GPT2LMHeadModel.from_pretrained(name, output_hidden_states=True).to(dev)
tok = AutoTokenizer.from_pretrained(name)


def layerwise_guesses(text, where=-1, k=5):
    enc = tok(text, return_tensors="pt").to(dev)
    with torch.no_grad():
        states = lm(**enc).hidden_states
    for depth, h in enumerate(states[1:], start=1):
        vec = h[0, where]
        scores = lm.lm_head(vec)          # raw residual vector through the output head
        best = torch.topk(scores, k)
        words = tok.batch_decode(best.indices)
        shown = ", ".join(f"{w.strip()} ({s.item():.2f})" for w, s in zip(words, best.values))
        print(f"layer {depth:2d}: {shown}")


if __name__ == "__main__":
    table = pd.read_csv("russian_mi_dataset.csv", encoding="utf-8")
    picked = table[table["correct_case "] == "ins"].iloc[:, 0].tolist()
    for sentence in picked:
        layerwise_guesses(sentence)
