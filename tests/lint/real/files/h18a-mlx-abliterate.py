# Synthetic rewrite of the shape of Goekdeniz-Guelmez/mlx-lm-lens:examples/abliterate.py at 8eb9019fe808f60a58eb7df3ed367057761610e3 (licence NOASSERTION); not the original text.
"""Difference-of-means 'refusal' direction in a Qwen3 model, then removal of that
direction from the output projections of the middle blocks (MLX)."""

import mlx.core as mx
import numpy as np
from mlx_lm.utils import load, save
from mlx_lm_lens.lm_lens import MLX_LM_Lens_Wrapper

MODEL = "Qwen/Qwen3-0.6B"
STRENGTH = 0.6
SKIP = 2

model, tok = load(MODEL)
lens = MLX_LM_Lens_Wrapper(model)
depth = len(model.model.layers)


def last_hidden(prompt, layer):
    ids = tok.apply_chat_template([{"role": "user", "content": prompt}],
                                  add_generation_prompt=True, return_tensors="np")[0]
    out = lens(mx.array(ids)[None], return_dict=True)
    return out["hidden_states"][layer + 1][0, -1]


bad = [last_hidden(p, depth - 1) for p in open("harmful.txt").read().split("\n") if p]
good = [last_hidden(p, depth - 1) for p in open("harmless.txt").read().split("\n") if p]
refusal_dir = mx.stack(bad).mean(axis=0) - mx.stack(good).mean(axis=0)
refusal_dir = refusal_dir / mx.linalg.norm(refusal_dir)

scores_bad = [float(np.dot(np.array(h.astype(mx.float32)), np.array(refusal_dir))) for h in bad]
print("mean projection of harmful prompts:", np.mean(scores_bad))


def strip_direction(w, d, k):
    w32 = w.astype(mx.float32)
    d32 = d.astype(mx.float32)
    if w32.shape[0] == d32.shape[0]:          # rows live in the residual stream
        coeff = mx.matmul(d32, w32)
        w32 = w32 - k * (d32[:, None] * coeff[None, :])
    return w32.astype(mx.bfloat16)


for i in range(SKIP, depth - SKIP):
    blk = model.model.layers[i]
    blk.self_attn.o_proj.weight = strip_direction(blk.self_attn.o_proj.weight, refusal_dir, STRENGTH)
    blk.mlp.down_proj.weight = strip_direction(blk.mlp.down_proj.weight, refusal_dir, STRENGTH)

save(src_path=MODEL, dst_path="qwen3-0.6b-no-refusal", model=model, tokenizer=tok,
     config=vars(model.args))
