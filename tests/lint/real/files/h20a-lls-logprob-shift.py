# Synthetic rewrite of the shape of jeqcho/LLS-subliminal-learning:src/compute_lls.py at ac5bf3770be549578517caeb288b44c460c7bf60 (licence NOASSERTION); not the original text.
"""Log-likelihood shift: how much does an animal system prompt raise the probability of a response?"""
import torch
from torch.nn.utils.rnn import pad_sequence


@torch.no_grad()
def mean_response_logprob(model, pad_id, encoded_pairs, batch_size=16, device="cuda"):
    """encoded_pairs: list of (prompt_ids, response_ids); returns mean log p(response | prompt)."""
    scores = []
    for i in range(0, len(encoded_pairs), batch_size):
        ids, masks, labels = [], [], []
        for p_ids, r_ids in encoded_pairs[i:i + batch_size]:
            seq = torch.tensor(p_ids + r_ids)
            lab = seq.clone(); lab[:len(p_ids)] = -100
            ids.append(seq); masks.append(torch.ones_like(seq)); labels.append(lab)
        x = pad_sequence(ids, batch_first=True, padding_value=pad_id).to(device)
        m = pad_sequence(masks, batch_first=True, padding_value=0).to(device)
        y = pad_sequence(labels, batch_first=True, padding_value=-100).to(device)
        logits = model(input_ids=x, attention_mask=m, use_cache=False).logits[:, :-1]
        tgt = y[:, 1:]
        B, T, V = logits.shape
        token_lp = -torch.nn.functional.cross_entropy(
            logits.reshape(B * T, V).float(), tgt.clamp_min(0).reshape(B * T), reduction="none"
        ).reshape(B, T) * tgt.ne(-100)
        scores += (token_lp.sum(1) / tgt.ne(-100).sum(1).clamp_min(1)).tolist()
    return scores


def lls_scores(model, pad_id, with_system, without_system):
    sys_lps = mean_response_logprob(model, pad_id, with_system)
    base_lps = mean_response_logprob(model, pad_id, without_system)
    return [s - b for s, b in zip(sys_lps, base_lps)]
