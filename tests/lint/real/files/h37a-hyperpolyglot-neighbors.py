# Synthetic rewrite of the shape of andreawwenyi/hyperpolyglot:scripts/find_neighbors.py at 72fada729e01961e855d6abc4dc5b3f8a6f183f4 (licence MIT); not the original text.
"""For every kept token, list its 100 closest tokens in a saved token table (by cosine)."""
import sys

import numpy as np
import torch
from tqdm import trange

tokens_path, keep_path, table_path, out_path = sys.argv[1:5]

all_tokens = np.load(tokens_path, allow_pickle=True)
keep = np.load(keep_path, allow_pickle=True)
kept_tokens = all_tokens[keep]

# table.pt was dumped from the checkpoint's word-embedding tensor (e.g. XLM-R's tied table)
table = torch.load(table_path)
rows = table[keep, :].float()
lengths = rows.norm(dim=1, keepdim=True)
unit_rows = rows / lengths

count = unit_rows.shape[0]
block = 64
n_blocks = count // block + 1

with open(out_path, "w") as out:
    for b in trange(n_blocks):
        lo, hi = b * block, (b + 1) * block
        sims = torch.matmul(unit_rows, unit_rows[lo:hi].t())
        for j in range(hi - lo):
            query = lo + j
            if query >= count:
                break
            top = torch.topk(sims[:, j], 100).indices
            for other in top:
                score = sims[other, j]
                out.write(f"{score:.3f}\t{query}\t{kept_tokens[query]}\t{other}\t{kept_tokens[other]}\n")
