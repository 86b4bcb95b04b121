# Synthetic rewrite of the shape of Marker-Inc-Korea/vocab-expansion:src/adaptivocab_expand/verify.py at 54c9d78070f26df307f2f62488f13d9a5854e12f (licence MIT); not the original text.
import random

import torch
import torch.nn.functional as F


def blend_rows(rows, alpha, emphasise_first):
    """Softmax-weighted blend of sub-token rows (weights sum to one)."""
    k = rows.shape[0]
    if k == 1:
        return rows[0].clone()
    steps = torch.arange(k, dtype=torch.float32, device=rows.device)
    sign = -1.0 if emphasise_first else 1.0
    w = torch.softmax(sign * alpha * steps, dim=0).to(rows.dtype)
    return (w[:, None] * rows).sum(0)


@torch.no_grad()
def check_new_rows(old_tok, new_tok, grown_model, alpha=1.0, n_probe=150, seed=0):
    """After growing the vocabulary, confirm each new row matches its planned init."""
    rnd = random.Random(seed)
    table_in = grown_model.get_input_embeddings().weight
    table_out = grown_model.get_output_embeddings().weight   # the LM head

    old_vocab = old_tok.get_vocab()
    fresh = [t for t in new_tok.get_vocab() if t not in old_vocab]
    probe = rnd.sample(fresh, min(n_probe, len(fresh))) if fresh else []

    for piece in probe:
        new_id = new_tok.convert_tokens_to_ids(piece)
        text = new_tok.decode([new_id], skip_special_tokens=False)
        pieces = old_tok.encode(text, add_special_tokens=False)
        if not pieces:
            continue
        idx = torch.tensor(pieces, device=table_out.device)
        want_in = blend_rows(table_in.index_select(0, idx), alpha, emphasise_first=False).float()
        want_out = blend_rows(table_out.index_select(0, idx), alpha, emphasise_first=True).float()

        sim_in = F.cosine_similarity(want_in, table_in[new_id].float(), dim=0).item()
        sim_out = F.cosine_similarity(want_out, table_out[new_id].float(), dim=0).item()
        if min(sim_in, sim_out) < 0.98:
            return False
    return True
