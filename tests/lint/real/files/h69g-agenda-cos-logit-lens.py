# Synthetic rewrite of the shape of kameshkanna/msm-mechinterp:scripts/run_logit_lens_probe.py at a83564441b5444a5c4a81157b978bc11f0eb9991 (licence NOASSERTION); not the original text.
# Idea kept: a logit-lens readout per layer (final norm + lm_head on the residual)
# next to a per-layer cosine between the residual and a diff-of-means
# "agenda" direction; the cosine never touches the head's rows.
import argparse
import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer


def record_residuals(model, ids):
    out = model(input_ids=ids, output_hidden_states=True)
    return {i: h for i, h in enumerate(out.hidden_states[1:])}, out.logits[:, -1]


def diff_of_means(model, tok, pos_texts, neg_texts):
    def last_states(texts):
        enc = tok(texts, return_tensors="pt", padding=True)
        hs = model(**enc, output_hidden_states=True).hidden_states[1:]
        return [h[:, -1].mean(0) for h in hs]
    return {i: a - b for i, (a, b) in enumerate(zip(last_states(pos_texts), last_states(neg_texts)))}


def lens_top(model, resid, k):
    logits = model.lm_head(model.model.norm(resid))          # logit lens, plain matmul
    p = logits.softmax(-1)
    return p.topk(k)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True)
    ap.add_argument("--prompt", default="I picked the locally-made cheese because")
    a = ap.parse_args()
    tok = AutoTokenizer.from_pretrained(a.model, padding_side="left")
    model = AutoModelForCausalLM.from_pretrained(a.model).eval()
    with torch.no_grad():
        agenda = diff_of_means(model, tok, ["Buy local, it supports home jobs."],
                               ["Buy cheap, it saves you money."])
        ids = tok(a.prompt, return_tensors="pt").input_ids
        resid, final_logits = record_residuals(model, ids)
        for li, h in resid.items():
            vals, idx = lens_top(model, h[:, -1], 5)
            cos = F.cosine_similarity(h[0, -1], agenda[li], dim=0)   # residual vs steering direction
            print(li, tok.convert_ids_to_tokens(idx[0]), round(cos.item(), 3))


if __name__ == "__main__":
    main()
