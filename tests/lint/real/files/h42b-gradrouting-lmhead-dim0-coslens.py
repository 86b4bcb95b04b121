# Synthetic rewrite of the shape of kxcloud/gradient-routing:projects/nanoGPT-factrep/sample.py at 896dba321abac612d6a4592af0112ce90769c442 (licence MIT); not the original text.
import torch.nn.functional as F
import matplotlib.pyplot as plt

from checkpoint_tools import restore_for_sampling

net, tok_decode, device = restore_for_sampling("runs/latest.pt")
TOP = 15
sign = -1  # which end of the localized coordinate to inspect

# which vocabulary items align best with residual coordinate 0?
coord_cos_hi = (F.normalize(net.lm_head.weight, dim=1))[:, 0].detach().cpu().topk(TOP)
coord_cos_lo = F.normalize(-net.lm_head.weight, dim=1)[:, 0].detach().cpu().topk(TOP)
picked = coord_cos_hi if sign > 0 else coord_cos_lo

pairs = [(tok_decode([int(i)]), float(v)) for i, v in zip(picked.indices, picked.values)]
names, scores = zip(*pairs)
print(pairs)

fig, ax = plt.subplots(figsize=(3, 4))
ax.barh(range(len(names)), scores)
ax.set_yticks(range(len(names)))
ax.set_yticklabels([n.replace(" ", "_") for n in names])
ax.invert_yaxis()
ax.set_xlabel("cosine with unit vector e_0")
fig.savefig("coord0_tokens.pdf", bbox_inches="tight")
