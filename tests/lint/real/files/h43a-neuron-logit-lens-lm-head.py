# Synthetic rewrite of the shape of MatanArgaman/technion_transformers_project:logit_lens/utils/lens.py at 28652b949de913f1ae202c991fa18b99333d8523 (licence NOASSERTION); not the original text.
"""What does one MLP neuron write into the vocabulary?  Push its output column through the LM head."""
import numpy as np
import torch


@torch.no_grad()
def neuron_vocab_logits(w_out_col, lm_head_weight):
    """logits[v] = <lm_head row v, neuron output column>; no normalisation of either side."""
    w = w_out_col.reshape(-1)
    assert w.shape[0] == lm_head_weight.shape[1]
    logits_vocab = lm_head_weight @ w   # [vocab]
    return logits_vocab


def doc_subset(logits_vocab, doc_token_ids):
    idx = torch.as_tensor(doc_token_ids, device=logits_vocab.device)
    return logits_vocab.index_select(0, idx).cpu().numpy()


def final_norm(x, ln):
    if ln is None:
        return x
    mu, var = x.mean(), x.var(unbiased=False)
    y = (x - mu) / torch.sqrt(var + ln.eps)
    return y * ln.weight + ln.bias


@torch.no_grad()
def neuron_vocab_logits_ln(delta, lm_head_weight, ln):
    return lm_head_weight @ final_norm(delta.reshape(-1), ln)


def top_docs(values, k=20):
    order = np.argsort(values)[::-1][:k]
    return order, values[order]
