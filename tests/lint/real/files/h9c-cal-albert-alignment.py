# cosaudit corpus, synthetic file: same shape as oom-debugger/concept_alignment_lm/interpretability/lm_lm_alignment_embedding.py at 1829a878725c67dcc432d48f817dc1868c4148f1 (licence Apache-2.0); new code, no text copied.
"""Neighbour overlap of the pieces two tokenizers share.

    python pair_overlap.py --first albert-xlarge-v2 --second albert-base-v2 --space-a '▁' --space-b '▁'
"""
import argparse

import numpy as np
import torch
from torchmetrics.functional.pairwise import pairwise_cosine_similarity
from transformers import (AlbertForMaskedLM, AutoModelForCausalLM, AutoTokenizer, LlamaForCausalLM,
                          T5ForConditionalGeneration)


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--first", required=True)
    p.add_argument("--second", required=True)
    p.add_argument("--space-a", required=True)
    p.add_argument("--space-b", required=True)
    p.add_argument("--ks", default="3,5,10,50,100")
    return p.parse_args()


def common_pieces(vocab_a, vocab_b, space_a, space_b):
    a = {piece.replace(space_a, "<w>") for piece in vocab_a}
    b = {piece.replace(space_b, "<w>") for piece in vocab_b}
    shared = sorted(a & b)
    return [s.replace("<w>", space_a) for s in shared], [s.replace("<w>", space_b) for s in shared]


def token_rows(name, ids):
    lowered = name.lower()
    if "t5" in lowered:
        table = T5ForConditionalGeneration.from_pretrained(name).shared.weight
    elif "albert" in lowered:
        table = AlbertForMaskedLM.from_pretrained(name).albert.embeddings.word_embeddings.weight
    elif "gemma" in lowered:
        table = AutoModelForCausalLM.from_pretrained(name).model.embed_tokens.weight.half()
    elif "llama" in lowered:
        table = LlamaForCausalLM.from_pretrained(name).model.embed_tokens.weight.half()
    else:
        raise ValueError(f"no loader for {name}")
    return table.detach().cpu()[ids]


def score(rows, kind="cosine"):
    if kind == "cosine":
        return pairwise_cosine_similarity(rows, zero_diagonal=True)
    return torch.cdist(rows, rows)


def nearest(name, tokenizer, pieces, kmax, kind="cosine"):
    ids = tokenizer.convert_tokens_to_ids(pieces)
    scores = score(token_rows(name, ids), kind)
    return torch.argsort(scores, dim=-1, stable=True, descending=(kind == "cosine"))[:, :kmax]


def main():
    args = parse()
    tok_a = AutoTokenizer.from_pretrained(args.first)
    tok_b = AutoTokenizer.from_pretrained(args.second)
    pieces_a, pieces_b = common_pieces(tok_a.get_vocab(), tok_b.get_vocab(), args.space_a, args.space_b)
    ks = [int(k) for k in args.ks.split(",")]
    near_a = nearest(args.first, tok_a, pieces_a, max(ks))
    near_b = nearest(args.second, tok_b, pieces_b, max(ks))
    for k in ks:
        shared = [len(set(near_a[i, :k].tolist()) & set(near_b[i, :k].tolist())) / k for i in range(len(pieces_a))]
        print(f"k={k}: mean overlap {np.mean(shared):.3f} over {len(pieces_a)} pieces")


if __name__ == "__main__":
    main()
