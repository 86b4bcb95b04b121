# Synthetic rewrite of the shape of utrerf/TrojAI:NLP/round8/tools.py at 3016c0b7e0ad990c870a9754b0ab77c6b0e7a973 (licence NOASSERTION); not the original text.
"""Trigger-candidate mining for trojaned extractive-QA transformers (RoBERTa /
ELECTRA style encoders with learned positions): compare each token's row of
the word-embedding table in the suspect model(s) with the same row in clean
reference models, and keep the tokens whose rows moved the most."""
import re
from copy import deepcopy
from itertools import permutations

import torch


@torch.no_grad()
def token_tables(groups):
    def table_of(model):
        hits = [m for name, m in model.named_modules() if name.endswith("embeddings.word_embeddings")]
        assert len(hits) == 1
        return deepcopy(hits[0].weight).detach().cpu()

    out = {}
    for kind, models in groups.items():
        out[kind] = {i: table_of(m) for i, m in enumerate(models)}
        out[kind]["avg"] = torch.stack([out[kind][i] for i in range(len(models))]).mean(dim=0)
    return out


@torch.no_grad()
def most_moved_tokens(tables, tok, device, k=10000, n_keep=100):
    suspect = tables["eval"]["avg"]
    # per-token cosine between the suspect row and each clean model's row of the same token
    per_clean = [-torch.cosine_similarity(suspect, ref, dim=1, eps=1e-15)
                 for key, ref in tables["clean_test"].items() if key != "avg"]
    moved = torch.stack(per_clean).min(dim=0).values
    _, ids = torch.topk(moved, k)
    words = {int(i): tok.convert_ids_to_tokens([int(i)])[0] for i in ids}
    keep = [i for i, w in words.items() if re.match(r"[#]*\w([A-Za-z]+)[#]*", w)][:n_keep]

    suffixes = [i for i in keep if "##" in words[i]][:5]
    prefixes = [i for i in keep if "##" not in words[i]]
    combos = []
    for r in (1, 2):
        combos += [list(c) for c in permutations(suffixes, r)]
    return [torch.tensor(p, device=device) for p in prefixes], combos
