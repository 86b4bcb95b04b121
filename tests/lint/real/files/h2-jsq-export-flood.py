# cosaudit corpus, synthetic file: same shape as mpodeley/jspace-qwen/scripts/export_flood.py at bd86a9523bc6b446666ef948347107aae45318c1 (licence NOASSERTION); new code, no text copied.
import json

import torch

from common import load_model
from swap import first_token


def export(model_key, country, cur_from, cur_to, out_path):
    model = load_model(model_key)
    tok = model.tokenizer
    U = model._lm_head.weight.float()

    target = first_token(tok, country)
    cur_a, cur_b = first_token(tok, cur_from), first_token(tok, cur_to)

    # neighbours of the injected country over the whole vocabulary
    direction = U[target] / U[target].norm()
    cos_all = (U @ direction) / (U.norm(dim=1) + 1e-9)
    neighbour_ids = cos_all.topk(8).indices.tolist()[1:6]
    pair_cos = float(torch.cosine_similarity(U[cur_a][None], U[cur_b][None])[0])

    payload = {
        "pair": {"a": cur_from, "b": cur_to, "cosine": round(pair_cos, 3)},
        "neighbours": [{"token": tok.decode([i]), "cos": round(float(cos_all[i]), 2)} for i in neighbour_ids],
    }
    with open(out_path, "w") as fh:
        json.dump(payload, fh)
