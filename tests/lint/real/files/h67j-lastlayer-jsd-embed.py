# Synthetic rewrite of the shape of JiayiZhaaaang/last-layer:evaluation.py at 4143b8b38a74bebe0a9fdb19513f8bdee7bbbf21 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


def per_layer_vocab_logits(lm, enc):
    """Push every layer's hidden states through the model's output head (a logit lens)."""
    out = lm(**enc, output_hidden_states=True, return_dict=True)
    states = torch.stack(out.hidden_states)  # [L, B, T, H]
    n_layers, bsz, seq, hid = states.shape
    flat = states.reshape(n_layers * bsz, seq, hid)
    vocab_scores = lm.lm_head(flat)
    vocab_scores = vocab_scores.reshape(n_layers, bsz, seq, -1)
    return out.hidden_states, vocab_scores


def sentence_vectors(hidden_states, vocab_scores, lo, hi, mix=0.5):
    """Sentence embedding: final-token state plus the state of the layer most unlike the last one."""
    final = F.normalize(hidden_states[-1][:, -1, :], dim=-1)
    cand = vocab_scores[lo:hi, :, -1, :]                      # [K, B, V]
    last = vocab_scores[-1, :, -1, :].unsqueeze(0).expand_as(cand)

    lp_last, p_last = last.log_softmax(-1), last.softmax(-1)
    lp_cand, p_cand = cand.log_softmax(-1), cand.softmax(-1)
    sym_kl = 0.5 * (F.kl_div(lp_cand, p_last, reduction="none").sum(-1)
                    + F.kl_div(lp_last, p_cand, reduction="none").sum(-1))
    pick = sym_kl.argmax(0) + lo                               # [B]

    stacked = torch.stack(hidden_states)
    rows = torch.arange(final.size(0), device=final.device)
    picked = F.normalize(stacked[pick, rows, -1, :], dim=-1)
    return F.normalize(final + mix * picked, dim=-1)
