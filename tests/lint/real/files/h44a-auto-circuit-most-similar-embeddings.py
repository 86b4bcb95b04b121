# Synthetic rewrite of the shape of UFO-101/auto-circuit:auto_circuit/utils/misc.py at 98db58c430a6006dca58bb1751bcaea0c546d42f (licence NOASSERTION); not the original text.
from typing import Optional

import torch as t
from einops import einsum


def show_top_tokens(model, vec: t.Tensor, answer: Optional[str] = None, top_k: int = 10,
                    use_ln_final: bool = False, through_unembed: bool = False, through_embed: bool = False):
    """Print the tokens a residual-stream vector most points at (logit lens), optionally via W_E."""
    assert not (through_embed and through_unembed)
    out = vec.unsqueeze(0).unsqueeze(0) if vec.ndim == 1 else vec
    out = model.ln_final(out) if use_ln_final else out
    if through_embed:
        unembeded = einsum(out, model.embed.W_E, "b p d, v d -> b p v")
    elif through_unembed:
        unembeded = model.unembed(out)
    else:
        unembeded = out
    logits = unembeded.squeeze()
    probs = logits.softmax(dim=-1)
    ranked_p, ranked_ids = probs.sort(descending=True)
    if answer is not None:
        ans = model.to_tokens(answer, prepend_bos=False).squeeze()
        rank = (ranked_ids == ans).nonzero().item()
        print(f"{answer!r} rank {rank} logit {logits[ans].item():.2f} prob {probs[ans].item():.2%}")
    for i in range(top_k):
        print(f"#{i} {model.to_string(ranked_ids[i])!r} logit {logits[ranked_ids[i]].item():.2f} p {ranked_p[i].item():.2%}")
