# Synthetic rewrite of the shape of fxfbvale/arcus-chall-I:solve/alias_hint.py at f0a13ec59500929232943c3196d4d0d0dce60882 (licence NOASSERTION); not the original text.
"""Check whether the extra control tokens of the byte-level toy GPT are just
aliases of ordinary bytes: compare their embedding rows to the 256 byte rows."""
import torch
import torch.nn.functional as F
from helpers import load

model, tok = load()
wte = model.transformer.wte.weight.detach()      # nanoGPT: shared with lm_head

print("--- exact twins? ---")
for special, byte, ch in [(300, 91, "["), (301, 93, "]")]:
    gap = (wte[special] - wte[byte]).norm().item()
    c = F.cosine_similarity(wte[special:special + 1], wte[byte:byte + 1])[0].item()
    print(f"  tok{special} vs byte{byte} ({ch}): l2={gap:.5f} cos={c:.5f}")

print("--- closest bytes for every control token ---")
for sp in range(256, 302):
    sims = F.cosine_similarity(wte[sp:sp+1], wte[:256], dim=1)
    best = sims.topk(3)
    shown = [(int(i), tok.decode([int(i)]), round(float(v), 3))
             for v, i in zip(best.values, best.indices)]
    print(f"  tok{sp:3d} {tok.decode([sp])!r:18} -> {shown}")

print("--- same next-token distribution? ---")
with torch.no_grad():
    for text in ["<|poet|>", "<|poet|>key", "key"]:
        ids = tok.encode(text)
        p = F.softmax(model(torch.tensor([ids]))[:, -1, :], -1)[0]
        print(f"  after {text!r}: P(300)={p[300]:.4f} P(91)={p[91]:.4f}")
