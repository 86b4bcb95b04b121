# Synthetic rewrite of the shape of singhaidotnish/aiPyqtfylicious:experiments/11_logit_lens_peek.py at 79e48e6511e6f0e3c1d3ff7c1bc127d7095d6ac6 (licence NOASSERTION); not the original text.
import torch
from quick_setup_run_once import model, tok, gen

print(gen("Berlin is the capital of"))

captured = []


def keep_last_position(_module, _inp, out):
    captured.append(out[0][:, -1, :].detach().clone())


handle = model.transformer.h[0].register_forward_hook(keep_last_position)
gen("The capital of Germany is")
handle.remove()

# early-layer state read straight through the output head (no final norm)
early = captured[0]
head = model.lm_head.weight
scores = early @ head.T
best = torch.topk(scores, 10).indices[0]
print([tok.decode([int(t)]) for t in best])
