# Synthetic rewrite of the shape of GiannisProkopiouOrfium/music-transformer-sae:interpretation/interpret_music_sae.py at 0b818f0d1ade6414eec8aafce0ce13c6d9adc585 (licence NOASSERTION); not the original text.
import torch


def describe_sae_latents(sae, codes, fire_rate, candidates, k=10, corr_cut=0.3):
    """Summarise latents of a sparse autoencoder trained on music-transformer activations.

    codes: (n_samples, n_latents) latent activations; fire_rate: (n_latents,)
    candidates: 1-D tensor of latent ids worth looking at.
    """
    # rarely-on-but-strong latents
    peakiness = codes.std(0) / (codes.mean(0) + 1e-8)
    for idx in torch.topk(peakiness, k).indices.tolist():
        print(f"latent {idx:5d}  on {fire_rate[idx]:.1%}  peak/mean {peakiness[idx]:.2f}")

    # families of latents that fire together: Pearson correlation of activation profiles
    pick = candidates[torch.randperm(len(candidates))[: min(100, len(candidates))]]
    corr = torch.corrcoef(codes[:, pick].T)
    pairs = []
    n = corr.shape[0]
    for a in range(n):
        for b in range(a + 1, n):
            r = corr[a, b].item()
            if abs(r) > corr_cut:
                pairs.append((pick[a].item(), pick[b].item(), r))
    pairs.sort(key=lambda p: -abs(p[2]))
    for a, b, r in pairs[:k]:
        print(f"latents {a} & {b}: r = {r:+.3f}")

    # which latents write the largest vectors back into the residual stream
    atoms = sae.decoder.weight.data          # (d_model, n_latents)
    atom_len = atoms.norm(dim=0)
    for idx in torch.topk(atom_len, k).indices.tolist():
        col = atoms[:, idx]
        j = col.abs().argmax().item()
        print(f"latent {idx:5d}  |atom| {atom_len[idx]:.3f}  largest coordinate {j}: {col[j]:+.3f}")
    return pairs
