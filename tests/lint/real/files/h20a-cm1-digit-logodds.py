# Synthetic rewrite of the shape of countmath1/Subliminal-Learning:src/exp1_infer.py at 8f1492822e4b7bc1fd418a983ab5eebd33146d9a (licence NOASSERTION); not the original text.
"""Priming experiment: does a long animal list shift P("5") vs P("7") for a number question?"""
import numpy as np
import torch


def ids_starting_with(tok, digit):
    """Every vocabulary id whose text (minus leading spaces) begins with the digit."""
    want = str(digit)
    return [i for i in range(len(tok)) if tok.decode([i]).lstrip().startswith(want)]


@torch.no_grad()
def five_vs_seven(model, tok, prompt, device="cuda"):
    enc = tok.apply_chat_template([{"role": "user", "content": prompt}],
                                  add_generation_prompt=True, return_tensors="pt", return_dict=True)
    logits = model(enc["input_ids"].to(device)).logits[0, -1].float()
    log_sm = torch.log_softmax(logits, dim=-1)
    ids_5, ids_7 = ids_starting_with(tok, 5), ids_starting_with(tok, 7)
    logp_5 = torch.logsumexp(log_sm[ids_5], dim=0).item()
    logp_7 = torch.logsumexp(log_sm[ids_7], dim=0).item()
    best5 = ids_5[int(log_sm[ids_5].argmax())]
    best7 = ids_7[int(log_sm[ids_7].argmax())]
    # The gap between the two best raw logits is the 5-over-7 log-odds (the
    # normaliser drops out); the raw values themselves show overall confidence.
    per_digit = {}
    for d in range(10):
        ids = ids_starting_with(tok, d)
        if ids:
            per_digit[str(d)] = torch.logsumexp(log_sm[ids], dim=0).item()
    return {
        "p_5_given_5_or_7": float(np.exp(logp_5) / (np.exp(logp_5) + np.exp(logp_7))),
        "raw_gap": logits[best5].item() - logits[best7].item(),
        "digits": per_digit,
    }
