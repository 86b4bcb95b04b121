# Synthetic rewrite of the shape of dipayandutta/vemr:logit_lens.py at b135a5711b95b7dc28edd3dd780411ed44ff5740 (licence NOASSERTION); not the original text.
"""Read intermediate GPT-2 layers as next-token guesses (logit lens), per generated step."""
import torch

from .capture import ResidualRecorder, block_list


def peek_vocab(lm, resid, k=5):
    """Push one residual vector through the final norm and the output head."""
    with torch.no_grad():
        normed = lm.transformer.ln_f(resid)
        scores = lm.lm_head(normed)
        p = torch.softmax(scores, dim=-1)
        return torch.topk(p, k)


def lens_over_generation(lm, tok, prompt, steps=4, k=5):
    ids = tok(prompt, return_tensors="pt")["input_ids"]
    timeline = []
    for _ in range(steps):
        with ResidualRecorder(lm) as rec:
            with torch.no_grad():
                out = lm(input_ids=ids)
        here = ids.shape[1] - 1
        per_layer = []
        for li in range(len(block_list(lm))):
            vals, idx = peek_vocab(lm, rec.saved[li][0, here], k)
            per_layer.append((li, [(tok.decode([int(t)]), float(v)) for t, v in zip(idx, vals)]))
        nxt = int(out.logits[0, -1].argmax())
        timeline.append({"emitted": tok.decode([nxt]), "layers": per_layer})
        ids = torch.cat([ids, torch.tensor([[nxt]])], dim=1)
    return timeline
