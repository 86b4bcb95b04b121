# Synthetic rewrite of the shape of poweroutlet2/mechinterp:backend/src/services/logitlens.py at 1fb98e2b3fb6712d06c1da8c1ec5496fbaa21db2 (licence NOASSERTION); not the original text.
"""Web-service helper: the most likely token after every block, via the logit lens."""
import torch
from transformer_lens import HookedTransformer


def per_block_guesses(text: str, lm: HookedTransformer) -> dict:
    stream = []

    def keep(name: str) -> bool:
        return name.endswith("hook_resid_post")

    def grab(resid, hook):
        stream.append((hook.name, resid))

    final = lm.run_with_hooks(text, fwd_hooks=[(keep, grab)])
    answer = lm.to_string(final[0, -1].argmax())

    layers = []
    for name, resid in stream:
        scores = lm.unembed(lm.ln_final(resid))          # read the block output with the final head
        probs = torch.softmax(scores, dim=-1)
        best = probs[0].max(dim=-1)
        layers.append({
            "hook": name,
            "p": best.values.tolist(),
            "tokens": [lm.to_string(i.item()) for i in best.indices],
        })
    return {"tokens": lm.to_str_tokens(text), "answer": answer, "layers": layers}
