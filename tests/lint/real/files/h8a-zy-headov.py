# cosaudit corpus, synthetic file: same shape as ZonghaoYang/From_LogitLens_To_Attention_Lens/src/run_headov.py at 6b9d6828f75e82ec87fc457a0b89ef61bc87183a (licence NOASSERTION); new code, no text copied.
"""One layer and head: plain logit lens against a lens through the head's OV circuit."""
import numpy as np
import yaml
from scipy import stats

from thesis_utils import collect_resid, get_W_OV, get_prompts, kl_div, load_model, save_json, topk_overlap


def main(cfg):
    model = load_model(cfg["model"], dtype=cfg.get("dtype", "float16"))
    tok = model.tokenizer
    W_U = model.W_U
    W_OV = get_W_OV(model, cfg["layer"], [cfg["head"]])[0]
    prompts = get_prompts(cfg.get("dataset", "wikitext2"), cfg["n_prompts"], cfg["max_len"], cfg["seed"])
    rec = {"kl_logit": [], "kl_ov": [], "top1_logit": [], "top1_ov": []}
    for start in range(0, len(prompts), cfg["batch"]):
        ids = tok(prompts[start:start + cfg["batch"]], padding=True, truncation=True,
                  max_length=cfg["max_len"], return_tensors="pt").input_ids.to(W_U.device)
        final, resid = collect_resid(model, ids, None, cfg["layer"], which="mid")
        lens_logits = resid @ W_U
        ov_logits = resid @ W_OV @ W_U
        rec["kl_logit"] += kl_div(final, lens_logits).tolist()
        rec["kl_ov"] += kl_div(final, ov_logits).tolist()
        rec["top1_logit"] += topk_overlap(final, lens_logits, 1).tolist()
        rec["top1_ov"] += topk_overlap(final, ov_logits, 1).tolist()
    t, p = stats.ttest_rel(np.array(rec["kl_logit"]), np.array(rec["kl_ov"]))
    rec["t_test"] = {"t": float(t), "p": float(p)}
    save_json({"cfg": cfg, "rec": rec}, cfg["out_dir"], "rq1")


if __name__ == "__main__":
    main(yaml.safe_load(open("configs/rq1.yaml")))
