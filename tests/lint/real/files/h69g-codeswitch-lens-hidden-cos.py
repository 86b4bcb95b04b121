# Synthetic rewrite of the shape of FixingMyHinglish/mech-interp-for-codeswitching:pipeline/modeling.py at 54db63218a9b143a2d65901b2e554330af1210d2 (licence NOASSERTION); not the original text.
# Idea kept: per-layer metrics for a code-switched sentence -- a (tuned or
# identity) lens decoded by get_output_embeddings(), its entropy / KL to the
# final distribution, and the cosine between each layer's hidden state and
# the final hidden state.  No head row enters a cosine.
import torch
import torch.nn.functional as F


def lens_logits(model, hidden, lens=None, layer=None):
    if lens is not None and layer is not None:
        try:
            hidden = lens.transform_hidden(hidden, layer)
        except (IndexError, KeyError):
            pass
    head = model.get_output_embeddings()
    return head(hidden)


@torch.no_grad()
def layer_metrics(model, tok, text, lens=None):
    enc = tok(text, return_tensors="pt")
    out = model(**enc, output_hidden_states=True)
    states = [h.squeeze(0) for h in out.hidden_states]
    final_h = states[-1]
    final_lp = F.log_softmax(out.logits.squeeze(0), -1)
    targets = enc.input_ids[0, 1:]
    report = {}
    for i, h in enumerate(states):
        lp = F.log_softmax(lens_logits(model, h, lens, i - 1 if i else None), -1)
        n = min(lp.shape[0] - 1, targets.shape[0])
        report[i] = {
            "entropy": float(-(lp[:n].exp() * lp[:n]).sum(-1).mean()),
            "kl_to_final": float(F.kl_div(lp[:n], final_lp[:n].exp(), reduction="batchmean")),
            "nll": float(-lp[:n].gather(1, targets[:n, None]).mean()),
            "hidden_norm": float(h.norm(dim=-1).mean()),
            "cos_to_final": float(F.cosine_similarity(h, final_h, dim=-1).mean()),
        }
    return report
