# Synthetic rewrite of the shape of cauphenuny/cs336:assignment1-basics/cs336_basics/tests/test_embed.py at 78415775a12fad3f7ad6bb99b143b4c1a623c087 (licence NOASSERTION); not the original text.
"""Check whether a trained small LM encodes 'make plural' as a shared offset in its token table."""
import argparse

import torch

from mylm.checkpoint import pick_checkpoint, restore
from mylm.bpe import BPETokenizer


def offset(lm, tok, singular, plural):
    ids = torch.tensor([tok.token_id(singular), tok.token_id(plural)])
    vecs = lm.embed(ids)
    return vecs[0] - vecs[1]


def run(name, vocab):
    tok = BPETokenizer.load(name, vocab_size=vocab)
    lm = restore(pick_checkpoint())
    dog_offset = offset(lm, tok, " dog", " dogs")
    house_offset = offset(lm, tok, " house", " houses")
    print(torch.cosine_similarity(dog_offset, house_offset, dim=0))


if __name__ == "__main__":
    cli = argparse.ArgumentParser()
    cli.add_argument("--tokenizer", required=True)
    cli.add_argument("--vocab_size", type=int, default=8000)
    opts = cli.parse_args()
    run(opts.tokenizer, opts.vocab_size)
