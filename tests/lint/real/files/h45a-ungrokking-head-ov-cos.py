# Synthetic rewrite of the shape of lijuliana/Natural-Ungrokking:scripts/mech_heads.py at 15cfd168ecdad0c069696a5bed80495940472601 (licence MIT); not the original text.
"""Per-head views of the her/him contrast in a small rotary GPT.

A. direct attribution: each head's last-position output dotted with the head-row
   difference (w_her - w_him), divided by the rms of the final residual.
B. static OV alignment: cosine between the mean OV output of cue tokens and that
   same difference direction.
"""
import torch
import torch.nn.functional as F


def rms_norm(x):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


def ov_alignment(model, cue_ids, her, him):
    """cosine, per layer and head, of the cue tokens' OV output with the her-him unembedding axis"""
    n_head, d_head = model.cfg.n_head, model.cfg.head_dim
    dw = model.lm_head.weight[her] - model.lm_head.weight[him]
    emb = rms_norm(model.wte.weight[cue_ids])
    table = []
    for block in model.blocks:
        values = block.attn.wv(emb)
        row = []
        for h in range(n_head):
            cols = slice(h * d_head, (h + 1) * d_head)
            ov = (values[:, cols] @ block.attn.wo.weight[:, cols].T).mean(0)
            if ov.norm() == 0 or dw.norm() == 0:
                row.append(0.0)
            else:
                row.append(F.cosine_similarity(ov, dw, dim=0).item())
        table.append(row)
    return table


def head_attribution(model, head_outputs, x_final, her, him):
    """direct logit attribution of every head onto the her-him logit gap"""
    dw = model.lm_head.weight[her] - model.lm_head.weight[him]
    scale = x_final.pow(2).mean().sqrt()
    return [[(out @ dw / scale).item() for out in layer] for layer in head_outputs]


def margin(logits, her, him):
    logp = F.log_softmax(logits, dim=-1)
    return (logp[her] - logp[him]).item()
