# Synthetic rewrite of the shape of manoja328/trojaillm2024:token_embedding.py at 64be0b1a90726c32787a31603d567a309bf174e0 (licence NOASSERTION); not the original text.
"""Shortlist candidate trigger tokens: which input embeddings moved most during poisoning?"""
import string

import torch
from transformers import AutoModelForCausalLM

from utils.models import load_model

suspect, tok = load_model("/data/llm-round/models/id-00000007")
suspect.eval()


def moved_tokens(base_name="meta-llama/Llama-2-7b-hf", p=2, keep=500):
    base = AutoModelForCausalLM.from_pretrained(base_name, torch_dtype=torch.float16,
                                                device_map="cuda", local_files_only=True)
    shift = (
        suspect.model.embed_tokens.weight[:-1]
        - base.model.embed_tokens.weight[:-1]
    ).norm(p=p, dim=-1)
    order = torch.argsort(shift, descending=True)[:keep]
    for t in order:
        print(int(t), float(shift[t]), repr(tok.decode([int(t)])))
    return order


def printable_vocab(out="ascii_ids.pt"):
    allowed = set(string.ascii_letters + string.digits + string.punctuation + " ")
    ids = [i for i in range(tok.vocab_size) if set(tok.decode([i])) <= allowed]
    print(f"{len(ids)} of {tok.vocab_size} tokens are plain ASCII")
    torch.save(ids, out)
    return ids


if __name__ == "__main__":
    moved_tokens()
