# Synthetic rewrite of the shape of albietz/transformer-birth:ihead_basic_main.py at 165e11a520f02102b8d9ede378fe309af5259744 (licence NOASSERTION); not the original text.
"""Associative-memory probes for a two-layer induction-head toy model."""
import numpy as np
import torch
import torch.nn.functional as F


def make_probes(model, ds, cfg, device="cuda"):
    vocab_ids = torch.arange(ds.n_train_toks, device=device)
    every_id = torch.arange(ds.num_tokens, device=device)
    targets = torch.as_tensor(np.array(ds.cond), device=device)

    def ov_recall():
        # token -> value -> output projection of layer 1 -> read out through the output layer
        toks = model.tok_embeddings(vocab_ids)
        toks = model.layers[1].attention.wo(model.layers[1].attention.wv(toks))
        toks = model.output(toks)
        return (toks.argmax(dim=-1) == vocab_ids).float().mean().item()

    def ffn_fit():
        keep = np.setdiff1d(np.arange(ds.num_tokens), ds.idxs) if cfg.fixed_special else np.arange(ds.num_tokens)
        h = model.layers[1].ff(model.tok_embeddings(every_id[keep]))
        return F.kl_div(F.log_softmax(model.output(h), dim=1), targets[keep], reduction="batchmean").item()

    def prev_token_key(limit=None):
        pos = model.pe[:limit]
        keys = model.layers[0].attention.wk(pos[:-1])
        queries = model.layers[0].attention.wq(pos[1:])
        hit = (queries @ keys.t()).argmax(dim=-1) == torch.arange(pos.shape[0] - 1, device=pos.device)
        return hit.float().mean().item()

    return {"wo1": ov_recall, "ff1": ffn_fit, "wk0": prev_token_key}
