# cosaudit corpus, synthetic file: same shape as drewlinsley/CSSM/scripts/visualize_temporal_evolution.py at 97273b24d36031178c96b3f6b413b623b46ef946 (licence NOASSERTION); new code, no text copied.
"""Track how a few readout channels of a recurrent contour model evolve over time steps, and where each
time step's evidence comes from (Grad-CAM on the connected-minus-disconnected logit)."""
import pickle

import jax
import jax.numpy as jnp
import numpy as np

CHANNELS = [3, 9, 17, 41]
STEPS = 6


def load_params(path):
    with open(path, "rb") as fh:
        state = pickle.load(fh)
    return state["params"], state.get("batch_stats", {})


def main(model, ckpt, images):
    params, stats = load_params(ckpt)
    variables = {"params": params, "batch_stats": stats}

    # readout weights, kept for labelling the channel panels
    head_k = np.asarray(params["head"]["kernel"])           # (channels, 2)
    evidence = head_k[:, 1] - head_k[:, 0]                  # > 0 favours "connected"

    for img in images:
        clip = jnp.stack([img] * STEPS)[None]
        feats = np.asarray(model.apply(variables, clip, train=False, features=True))[0]
        for c in CHANNELS:
            peaks = feats[:, :, :, c].max(axis=(1, 2))
            print(f"channel {c:3d} weight {evidence[c]:+.2f} peaks {np.round(peaks, 2)}")

        def margin(f, t):
            w = jnp.asarray(params["head"]["kernel"])
            b = jnp.asarray(params["head"]["bias"])
            pixel_logits = jax.nn.softplus(f[0, t]) @ w + b
            pooled = pixel_logits.max(axis=(0, 1))
            return pooled[1] - pooled[0]

        f_all = model.apply(variables, clip, train=False, features=True)
        for t in range(STEPS):
            g = np.asarray(jax.grad(margin)(f_all, t))[0, t]
            alpha = g.mean(axis=(0, 1))
            cam = np.maximum((np.asarray(f_all)[0, t] * alpha).sum(-1), 0)
            print(t, float(cam.max()))
