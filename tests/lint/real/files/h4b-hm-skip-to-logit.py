# cosaudit corpus, synthetic file: same shape as zeblithic/harmony/training/scripts/probe_skip_to_logit.py at 88861ae5ae4461000ed041db907c3fa674824e6f (licence Apache-2.0 OR MIT); new code, no text copied.
"""Forensic for the skip-to-logit memory router (real vs shuffled table)."""
import torch
import torch.nn.functional as F


@torch.no_grad()
def compare_runs(real_model, shuf_model, batches, memory_out_and_logits):
    logit_cos, row_cos, entropy, n = 0.0, 0.0, 0.0, 0
    head = real_model.lm_head.weight.detach().float().cpu()
    head_unit = F.normalize(head, dim=-1)
    for batch in batches:
        mem_r, lg_r = memory_out_and_logits(real_model, batch)
        _, lg_s = memory_out_and_logits(shuf_model, batch)

        a = F.normalize(lg_r.reshape(-1, lg_r.shape[-1]), dim=-1)
        b = F.normalize(lg_s.reshape(-1, lg_s.shape[-1]), dim=-1)
        logit_cos += (a * b).sum(-1).mean().item()

        aligned = real_model.skip_router.W_align(mem_r).float().cpu()
        unit = F.normalize(aligned.reshape(-1, aligned.shape[-1]), dim=-1)
        row_cos += (unit @ head_unit.T).abs().max(dim=-1).values.mean().item()

        p = F.softmax(lg_r.reshape(-1, lg_r.shape[-1]), dim=-1)
        entropy += -(p * p.clamp(min=1e-12).log()).sum(-1).mean().item()
        n += 1
    print(f"cross-run logit cos {logit_cos / n:+.4f}  max head-row |cos| {row_cos / n:.4f}  entropy {entropy / n:.3f}")
