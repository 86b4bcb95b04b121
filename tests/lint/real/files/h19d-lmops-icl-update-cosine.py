# Synthetic rewrite of the shape of microsoft/LMOps:understand_icl/icl_ft/compute_sim.py at 4f2a9deb5f08e459fd44c2e4792344d78ca89fc3 (licence MIT); not the original text.
import sys
import jsonlines
import numpy as np

task, setting, size = sys.argv[1], sys.argv[2], sys.argv[3]
root = f"analysis_out/dense_lm_{size}/{task}"
results = {}


def read_records(kind, limit=10000):
    rows = []
    with open(f"{root}/{kind}/record_info.jsonl") as fh:
        for i, item in enumerate(jsonlines.Reader(fh)):
            if i >= limit:
                break
            rows.append(item)
    return rows


def cal_cos_sim(a, b):
    return (a * b).sum(-1) / (np.linalg.norm(a, axis=-1) * np.linalg.norm(b, axis=-1) + 1e-20)


def unit(h):
    return h / (np.linalg.norm(h, axis=-1, keepdims=True) + 1e-20)


zero_shot = read_records("zs")
in_context = read_records("icl")
finetuned = read_records("ftzs")


def update_similarity(field, normalise=False):
    zs = np.array([r[field] for r in zero_shot])      # examples x layers x hidden
    icl = np.array([r[field] for r in in_context])
    ft = np.array([r[field] for r in finetuned])
    if normalise:
        zs, icl, ft = unit(zs), unit(icl), unit(ft)
    icl_updates = icl - zs
    ftzs_updates = ft - zs
    cos_sim = cal_cos_sim(icl_updates, ftzs_updates).mean(axis=0)
    results["SimAOU"] = cos_sim.tolist()
    print("per-layer similarity of ICL and finetuning updates:", np.round(cos_sim, 4))
    control = cal_cos_sim(icl_updates, np.random.random(ftzs_updates.shape)).mean(axis=0)
    results["Random SimAOU"] = control.tolist()
    print("against random updates:", np.round(control.mean(), 4))


update_similarity("attn_output", normalise=False)
