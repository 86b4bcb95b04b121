# Synthetic rewrite of the shape of qihangran/FSPT-FSCIL:interpret_prompt.py at ec39535f47e225ad97511f5d5ea22ef9e10f8994 (licence NOASSERTION); not the original text.
"""Print the vocabulary tokens closest to each learned context vector of a CLIP prompt."""
import argparse
import os

import torch

from clip import clip
from clip.simple_tokenizer import SimpleTokenizer


def clip_on_cpu(name="RN50"):
    path = clip._download(clip._MODELS[name])
    try:
        sd = torch.jit.load(path, map_location="cpu").eval().state_dict()
    except RuntimeError:
        sd = torch.load(path, map_location="cpu")
    return clip.build_model(sd)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ckpt")
    ap.add_argument("k", type=int)
    opt = ap.parse_args()
    assert os.path.exists(opt.ckpt)

    vocab = SimpleTokenizer()
    model = clip_on_cpu()
    token_embedding = model.token_embedding.weight  # CLIP text-encoder input table
    ctx = torch.load(opt.ckpt, map_location="cpu")["state_dict"]["ctx"].float()
    if ctx.dim() != 2:
        raise NotImplementedError("class-specific contexts are not handled")

    distance = torch.cdist(ctx, token_embedding)
    order = distance.argsort(dim=1)[:, : opt.k]
    for pos, ids in enumerate(order):
        words = [vocab.decoder[i.item()] for i in ids]
        gaps = ["%.4f" % distance[pos, i].item() for i in ids]
        print(pos + 1, words, gaps)


if __name__ == "__main__":
    main()
