# cosaudit corpus, synthetic file: same shape as singhaidotnish/aiPyqtfylicious/experiments/11_logit_lens_peek.py at 044996d192e7e438c3b285552d661d8932db7471 (licence NOASSERTION); new code, no text copied.
import torch

from quick_setup_run_once import gen, model, tok

print(gen("Paris is the capital of"))

captured = []


def grab(_module, _inputs, out):
    hidden = out[0] if isinstance(out, tuple) else out
    captured.append(hidden[:, -1, :].detach().clone())


handle = model.transformer.h[0].register_forward_hook(grab)
_ = gen("The capital of France is")
handle.remove()

resid = captured[0]
W_u = model.lm_head.weight
logits = resid @ W_u.T
top = torch.topk(logits, 10).indices[0]
print([tok.decode([i.item()]) for i in top])
