# cosaudit corpus, synthetic file: same shape as GabrielKS/subliminality-in-context/scripts/build_answer_entangled_tokens.py at 736051e0ef8846a93993e5d34bbac61bbf770214 (licence NOASSERTION); new code, no text copied.
"""Table of number tokens most / least entangled with each answer entity.

Entanglement here is the unembedding cosine from subliminality.entanglement (method
"unembedding"), restricted to number tokens; only the output-embedding matrix is used.
"""
import argparse

import pandas as pd
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

from subliminality import answer_token, entanglement, is_number, vocab_mask


def ranked_numbers(lm, tok, cand_ids, number_mask, k=10, chunk=256):
    keep = number_mask.to(lm.get_output_embeddings().weight.device)
    table = {}
    for s in range(0, len(cand_ids), chunk):
        part = cand_ids[s:s + chunk]
        sim = entanglement(lm, torch.tensor(part), method="unembedding")
        hi_v, hi_i = sim.masked_fill(~keep, float("-inf")).topk(k, dim=-1)
        lo_v, lo_i = sim.masked_fill(~keep, float("inf")).topk(k, dim=-1, largest=False)
        for r, t in enumerate(part):
            table[t] = {"top": list(zip(hi_i[r].tolist(), hi_v[r].tolist())),
                        "bottom": list(zip(lo_i[r].tolist(), lo_v[r].tolist()))}
    return table


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="data/questions.parquet")
    ap.add_argument("--out", default="data/entangled_numbers.parquet")
    ap.add_argument("--model", default="deepseek-ai/DeepSeek-R1-Distill-Llama-8B")
    a = ap.parse_args()
    tok = AutoTokenizer.from_pretrained(a.model)
    lm = AutoModelForCausalLM.from_pretrained(a.model, torch_dtype=torch.bfloat16).eval()
    df = pd.read_parquet(a.data)
    xs = [answer_token(tok, n) for n in df["x_name"]]
    ys = [answer_token(tok, n) for n in df["y_name"]]
    ids = sorted({c for c in xs + ys if c is not None})
    ent = ranked_numbers(lm, tok, ids, vocab_mask(tok, is_number))
    df["x_top"] = [ent[c]["top"] if c is not None else [] for c in xs]
    df["y_top"] = [ent[c]["top"] if c is not None else [] for c in ys]
    df.to_parquet(a.out)


if __name__ == "__main__":
    main()
