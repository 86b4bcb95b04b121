# cosaudit corpus, synthetic file: same shape as J0V1K/mechinterp-project/src/measure_entanglement.py at 0b3e1fdb878fc8a41d92bcff081fda9d12df0c89 (licence NOASSERTION); new code, no text copied.
"""Behavioural side: how much does a number prompt lift an animal's log-probability?"""
import numpy as np
import torch

from prompts import QUERY, NUMBER_SYSTEM


def _chat(tok, msgs):
    return tok.apply_chat_template(msgs, continue_final_message=True, add_generation_prompt=False, tokenize=False)


def continuation_logprob(lm, tok, msgs, tail):
    head = _chat(tok, msgs)
    n_head = tok(head, return_tensors="pt").input_ids.shape[1]
    ids = tok(head + tail, return_tensors="pt").input_ids.to(lm.device)
    with torch.no_grad():
        lp = lm(ids).logits[0].log_softmax(-1)
    target = ids[0, n_head:]
    if target.numel() == 0:
        return 0.0
    pos = torch.arange(n_head - 1, n_head - 1 + target.numel())
    return float(lp[pos, target.cpu()].sum())


def lift_matrix(lm, tok, animals, numbers):
    base = [continuation_logprob(lm, tok, QUERY, f" {a}") for a in animals]
    M = np.zeros((len(animals), len(numbers)), dtype=np.float32)
    for j, n in enumerate(numbers):
        msgs = [{"role": "system", "content": NUMBER_SYSTEM.format(number=n)}] + QUERY
        for i, a in enumerate(animals):
            M[i, j] = continuation_logprob(lm, tok, msgs, f" {a}") - base[i]
    return M
