# cosaudit corpus, synthetic file: same shape as symato/physics_of_llms/model_edit.py at 5a7b42366237b3995f2ae869324b856cbe6d5f27 (licence NOASSERTION); new code, no text copied.
"""Vocabulary surgery on a Qwen checkpoint: either keep only the tokens we need (copying their input and
output rows), or append tokens for new words whose rows start as the mean of their synonyms' rows."""
import argparse

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

from synonyms import synonym_token_ids


def trim(model, keep_ids):
    old_in = model.get_input_embeddings().weight.detach().clone()
    old_out = model.lm_head.weight.detach().clone()
    model.resize_token_embeddings(len(keep_ids))
    new_in = model.get_input_embeddings().weight.detach()
    new_out = model.lm_head.weight.detach()
    for new_id, old_id in enumerate(keep_ids):
        new_in[new_id] = old_in[old_id]
        new_out[new_id] = old_out[old_id]


def extend(model, base, words):
    base_in = base.get_input_embeddings().weight.detach()
    base_out = base.lm_head.weight.detach()
    start = model.get_input_embeddings().weight.shape[0]
    pad = -len(words) % 64
    model.resize_token_embeddings(start + len(words) + pad)
    new_in = model.get_input_embeddings().weight.detach()
    new_out = model.lm_head.weight.detach()
    for offset, (word, ids) in enumerate(words):
        ids = torch.tensor(sorted(ids))
        new_in[start + offset] = base_in[ids].float().mean(dim=0)
        new_out[start + offset] = base_out[ids].float().mean(dim=0)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--task", choices=["trim", "extend"])
    ap.add_argument("--model")
    ap.add_argument("--base")
    ap.add_argument("--out")
    args = ap.parse_args()
    model = AutoModelForCausalLM.from_pretrained(args.model, torch_dtype=torch.bfloat16)
    if args.task == "trim":
        trim(model, torch.load("kept_token_ids.pt").tolist())
    else:
        base = AutoModelForCausalLM.from_pretrained(args.base, torch_dtype=torch.bfloat16)
        extend(model, base, synonym_token_ids())
    model.save_pretrained(args.out)
    AutoTokenizer.from_pretrained(args.model).save_pretrained(args.out)
