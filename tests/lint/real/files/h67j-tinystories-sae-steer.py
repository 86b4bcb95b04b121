# Synthetic rewrite of the shape of TheodoreEhrenborg/tiny_stories_sae:src/tiny_stories_sae/steer.py at d4cd50d8153d091090e97ee78e9a9d709328dc67 (licence MIT); not the original text.
import torch
import torch.nn.functional as F


def angle_between(u, v):
    c = F.cosine_similarity(u, v, dim=0).clamp(-1.0, 1.0)
    return torch.rad2deg(torch.acos(c))


def steer_with_sae_feature(lm, sae, layer_idx, feature, strength, prompt_ids, max_len=200, verbose=False):
    """Add the unit-length SAE decoder direction of one feature to a residual stream and sample."""
    with torch.no_grad():
        dec_dir = sae.decoder.weight[:, feature]
        if verbose:
            enc_dir = sae.encoder.weight[feature, :]
            print("encoder/decoder angle for this feature:", angle_between(enc_dir, dec_dir).item())
    unit_dir = dec_dir / torch.linalg.vector_norm(dec_dir)

    def hook(module, inputs, output):
        hidden = output[0] + strength * unit_dir
        return (hidden,) + tuple(output[1:])

    handle = lm.transformer.h[layer_idx].register_forward_hook(hook)
    try:
        out = lm.generate(prompt_ids, max_length=max_len, do_sample=True, temperature=1.0)
    finally:
        handle.remove()
    return out


def feature_activity(lm_plain, sae, token_ids, feature, layer_idx):
    with torch.no_grad():
        hs = lm_plain(token_ids, output_hidden_states=True).hidden_states[layer_idx + 1]
        hs = hs / hs.norm(dim=-1, keepdim=True).mean()
        _, codes = sae(hs)
    return codes[0, :, feature]
