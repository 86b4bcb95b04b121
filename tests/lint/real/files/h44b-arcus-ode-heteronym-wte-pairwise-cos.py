# Synthetic rewrite of the shape of fxfbvale/arcus-chall-I:solve/heteronym_decoy.py at f0a13ec59500929232943c3196d4d0d0dce60882 (licence NOASSERTION); not the original text.
"""Are the author-tag tokens of the small byte GPT trained and distinct, or
untouched placeholders? Look at their shared embedding/output rows."""
import torch
import torch.nn.functional as F
from helpers import load

model, tok = load()
wte = model.transformer.wte.weight.detach()
TAGS = {256: "author_a", 257: "author_b", 258: "author_c", 259: "author_d"}
centre = wte[:256].mean(0)

print("1) norms, cosine to the byte centroid, and cosines between tags")
for t in TAGS:
    c = F.cosine_similarity(wte[t:t + 1], centre[None])[0]
    print(f"  {TAGS[t]:10} norm={wte[t].norm():.3f} cos(centroid)={c:+.3f}")
ids = list(TAGS)
for a in range(len(ids)):
    cells = [F.cosine_similarity(wte[ids[a]:ids[a]+1],wte[ids[b]:ids[b]+1])[0] for b in range(len(ids))]
    print(f"  {TAGS[ids[a]]:10}", " ".join(f"{float(c):+.2f}" for c in cells))

print("2) what each tag predicts next")
with torch.no_grad():
    for t in ids:
        p = F.softmax(model(torch.tensor([[t]]))[:, -1, :], -1)[0]
        top = p.topk(5)
        print(f"  {TAGS[t]:10}", [(tok.decode([int(i)]), round(float(v), 3))
                                   for v, i in zip(top.values, top.indices)])

print("3) is any tag ever the argmax?")
with torch.no_grad():
    for prompt in ["The ", "\n", "by ", "Author: "]:
        am = int(model(torch.tensor([tok.encode(prompt)]))[:, -1, :].argmax())
        print(f"  {prompt!r}: argmax={am} {'TAG' if am in TAGS else ''}")
