# Synthetic rewrite of the shape of phiriv/alignment_jam_2022:scan/view_deembed.py at 685cf0ea3c9769a4e747620d6a5c73ba0ab10d27 (licence NOASSERTION); not the original text.
import argparse

import torch
from easy_transformer import EasyTransformer

parser = argparse.ArgumentParser()
parser.add_argument("dim", type=int, help="residual coordinate to inspect")
parser.add_argument("--watch", default=" war")
args = parser.parse_args()

torch.set_grad_enabled(False)
gpt = EasyTransformer.from_pretrained("gpt2").to("cpu")

# one residual coordinate read across the whole vocabulary: raw unembedding weights
weights_for_dim = gpt.unembed.W_U.data[args.dim, :]
ranked = sorted(((w.item(), tid) for tid, w in enumerate(weights_for_dim)), reverse=True)

for place, (w, tid) in enumerate(ranked):
    text = gpt.tokenizer.decode(tid)
    near_top = place < 50
    near_bottom = place > len(ranked) - 30
    if near_top or near_bottom or text == args.watch:
        print(place, repr(text), round(w, 4))
