# cosaudit corpus, synthetic file: same shape as Dephoh/mech-interp/kincaid/Operation Golden Gate/GCC.py at a1ee0e4bcd4388e8cd124e2a6319c3ad168acbc0 (licence NOASSERTION); new code, no text copied.
"""Contrastive steering for one concept: pick the layer where paired activation differences agree most,
then check how strongly held-out prompts line up with the resulting direction."""
import torch
import torch.nn.functional as F


def last_token_states(model, tok, texts, layer, batch=8):
    out = []
    for i in range(0, len(texts), batch):
        enc = tok(texts[i:i + batch], return_tensors="pt", padding=True)
        with torch.no_grad():
            hs = model(**enc, output_hidden_states=True).hidden_states[layer]
        last = enc["attention_mask"].sum(1) - 1
        out.append(hs[torch.arange(hs.shape[0]), last].float())
    return torch.cat(out)


def layer_sweep(model, tok, pairs, layers):
    scores = {}
    for layer in layers:
        pos = last_token_states(model, tok, [p for p, _ in pairs], layer)
        neg = last_token_states(model, tok, [n for _, n in pairs], layer)
        deltas = pos - neg
        mean_delta = deltas.mean(0)
        agreement = F.cosine_similarity(deltas, mean_delta[None], dim=1).mean().item()
        scores[layer] = {"agreement": agreement, "size": mean_delta.norm().item()}
    return max(scores, key=lambda k: scores[k]["agreement"]), scores


def report_alignment(model, tok, pairs, layer, direction):
    pos = last_token_states(model, tok, [p for p, _ in pairs], layer)
    neg = last_token_states(model, tok, [n for _, n in pairs], layer)
    pos_cos = F.cosine_similarity(pos, direction[None], dim=1)
    neg_cos = F.cosine_similarity(neg, direction[None], dim=1)
    print(f"layer {layer}: concept prompts {pos_cos.mean():.3f}, controls {neg_cos.mean():.3f}")
    print(f"gap {(pos_cos.mean() - neg_cos.mean()):.3f}")
