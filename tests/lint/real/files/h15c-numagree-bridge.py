# cosaudit corpus, synthetic file: same shape as DeepCogNeural/mech-interp-lab/experiments/05_number_agreement_circuit/bridge_rescue.py at 6251694109c949eaadb0696e5aa6d839c17760a2 (licence MIT); new code, no text copied.
"""Number-agreement bridge test on GPT-2 small: restrict a residual edit to the span of a few SAE decoder
rows and ask whether a downstream head responds in the same direction as with the full edit."""
import torch

N_LATENTS = 12


def span_basis(decoder_rows):
    rows = decoder_rows.double()
    _, s, vh = torch.linalg.svd(rows, full_matrices=False)
    rank = int((s > s[0] * max(rows.shape) * 2.2e-16).sum())
    if rank != N_LATENTS:
        raise ValueError(f"decoder rows span rank {rank}, expected {N_LATENTS}")
    return vh[:N_LATENTS]


def project(delta, basis):
    d = delta.double()
    return (d @ basis.T) @ basis


def head_response_agreement(z_edit, z_base, z_full):
    edit = (z_edit - z_base).double().flatten()
    full = (z_full - z_base).double().flatten()
    full_sq = float(full @ full)
    if full_sq < 1e-24:
        return {"status": "degenerate", "cosine": None, "coef": None}
    dot = float(edit @ full)
    cosine = dot / max(float(edit.norm() * full.norm()), 1e-300)
    return {"status": "ok", "cosine": cosine, "coef": dot / full_sq}


def run_pair(model, sae, clean, corrupt, latent_ids, layer=8, head=5):
    basis = span_basis(sae.W_dec[latent_ids].float())
    hook = f"blocks.{layer}.hook_resid_pre"
    _, clean_cache = model.run_with_cache(clean, names_filter=[hook])
    _, corrupt_cache = model.run_with_cache(corrupt, names_filter=[hook])
    delta = (clean_cache[hook] - corrupt_cache[hook])[:, -1]
    partial = project(delta, basis).to(delta.dtype)
    return delta, partial
