# Synthetic rewrite of the shape of Kp759/Synthetic-vocab-expansion:embed_map-main/utils/compare_embed.py at 1675ea442f5149c1f632db345f257988063f075d (licence NOASSERTION); not the original text.
"""Check where a newly trained reserved token sits relative to '=' and '*':
either its row in the (Llama-3.2) input table, or its final hidden state when
run alone ("output" mode, which is a hidden state, not an lm_head row)."""
import argparse
import json
from itertools import combinations

import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer


def token_id(tok, text):
    ids = tok.encode(text, add_special_tokens=False)
    if not ids:
        raise ValueError(text)
    return ids[0]


def input_row(model, tok, text):
    tid = token_id(tok, text)
    extra = f"special_token_{tid}_embedding"
    if hasattr(model, extra):
        return getattr(model, extra).detach().float().cpu()
    return model.get_input_embeddings().weight[tid].detach().float().cpu()


def final_state(model, tok, text):
    ids = torch.tensor([[token_id(tok, text)]], device=model.device)
    with torch.no_grad():
        hs = model(input_ids=ids, output_hidden_states=True).hidden_states[-1]
    return hs[0, 0].float().cpu()


def cos(u, v):
    return float(F.normalize(u, dim=0) @ F.normalize(v, dim=0))


def compare_within(ckpt, tokens, hidden_mode=False):
    tok = AutoTokenizer.from_pretrained(ckpt)
    model = AutoModelForCausalLM.from_pretrained(ckpt, torch_dtype=torch.bfloat16).eval()
    grab = final_state if hidden_mode else input_row
    vecs = {t: grab(model, tok, t) for t in tokens}
    return {f"{a} vs {b}": cos(vecs[a], vecs[b]) for a, b in combinations(tokens, 2)}


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--checkpoint", required=True)
    ap.add_argument("--tokens", nargs="+", default=["<|reserved_special_token_0|>", "=", "*"])
    ap.add_argument("--hidden_mode", action="store_true")
    a = ap.parse_args()
    print(json.dumps(compare_within(a.checkpoint, a.tokens, a.hidden_mode), indent=2))
