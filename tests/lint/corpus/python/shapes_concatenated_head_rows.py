# expect: COS301
"""A detector's class rows concatenated with other rows before a pairwise cosine map: the background
row, the object rows (a slice of them kept) and the box regressor's rows are stacked with
`torch.cat(..., dim=0)`, normalised and compared all against all. The map holds the cosines between
the class rows (COS101). The look-alikes stay quiet: the class rows with their bias appended as a last
column (still one row per class, giving the logits of features), the regressor's rows alone, and
class-mean features stacked with each other.

Shapes seen in public few-shot detection repositories that plot their box head's weights; written
for cosaudit's tests.
"""
import torch
import torch.nn.functional as F

state = torch.load("work_dirs/voc_split1/latest.pth", map_location="cpu")["state_dict"]
cls_rows = state["roi_head.bbox_head.fc_cls.weight"]
reg_rows = state["roi_head.bbox_head.fc_reg.weight"]

stacked = torch.cat([cls_rows[:1], cls_rows[1:][[0, 2, 5]], reg_rows], dim=0)
unit = F.normalize(stacked, p=2, dim=1)
sims = (unit.unsqueeze(0) * unit.unsqueeze(1)).sum(dim=-1)  # expect: COS101

with_bias = torch.cat([cls_rows, state["roi_head.bbox_head.fc_cls.bias"][:, None]], dim=1)
feats = torch.load("feats.pt")
logits = torch.cat([feats, torch.ones(len(feats), 1)], dim=1) @ with_bias.T

reg_unit = F.normalize(reg_rows, dim=1)
reg_sims = reg_unit @ reg_unit.T

means = torch.cat([torch.load(f"means/{c}.pt")[None] for c in range(20)], dim=0)
mean_unit = F.normalize(means, dim=1)
mean_sims = mean_unit @ mean_unit.T
