# Synthetic rewrite of the shape of cracrazjf/BabyLMs:src/eval_fn.py at 6a3c44d0b338f033a2c41759af0c6ccb53e04b65 (licence MIT); not the original text.
"""Cloze scoring for a GPT-2-style LM: summed log-probability of the target
continuation, plus an 'embedding similarity' between target and probe words.
The captured embeddings are the outputs of the wte layer (GPT-2's tied token
table with learned positions, per the evaluation config), i.e. token rows."""
import numpy as np
import torch
import torch.nn.functional as F
from datasets import load_dataset
from scipy.stats import pearsonr


def last_match(seq, sub):
    for i in range(seq.numel() - sub.numel(), -1, -1):
        if torch.equal(seq[i:i + sub.numel()], sub):
            return i
    return -1


def span_vector(captured, ids, lo, hi):
    rows = []
    for p in range(lo, hi):
        assert captured[p]["token_id"] == ids[p]
        rows.append(captured[p]["embedding"].float())
    return np.mean(rows, axis=0)          # mean of the span's wte rows


def score_cloze(mm, cfg, idxs, inputs, labels, logits, preds, captured, _weights):
    items = load_dataset(cfg.data.test_path, split="train").select(idxs.tolist())
    logp = F.log_softmax(logits.cpu(), dim=-1)
    out = []
    for i, item in enumerate(items):
        ids = inputs[i].cpu()
        tgt = torch.tensor(mm.tokenizer(item["target"], add_special_tokens=False)["input_ids"])
        start = last_match(ids, tgt) - 1
        pos = torch.arange(start, start + tgt.numel()).clamp(0, ids.numel() - 1)
        total = logp[i, pos].gather(1, tgt[:, None]).sum().item()

        r = 0.0
        if item.get("probe") is not None:
            prb = torch.tensor(mm.tokenizer(item["probe"], add_special_tokens=False)["input_ids"])
            p0 = last_match(ids, prb)
            probe_vec = span_vector(captured[i], ids.tolist(), p0, p0 + prb.numel())
            target_vec = span_vector(captured[i], ids.tolist(), start + 1, start + 1 + tgt.numel())
            # correlation between the two words' token-table rows, read as word similarity
            r = pearsonr(target_vec, probe_vec)[0]

        rec = dict(item)
        rec.update(sum_log_prob=round(total, 4), pearsonr=round(float(r), 4),
                   pred=mm.tokenizer.decode(preds[i, pos].tolist()))
        out.append(rec)
    return out
