# Synthetic rewrite of the shape of hongjoon0805/Incremental:trainer/__init__.py at 38d1495ea1b8a898183dec345720e3ebe90db8e0 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


class IncrementalStats:
    """Collects per-task diagnostics of a class-incremental learner."""

    def __init__(self, learner, loader, cfg):
        self.model = learner.model
        self.loader = loader
        self.cfg = cfg
        self.log = {"score": {}, "prob": {}, "cos": {}}

    def pred_class_cosine(self, logits, feats, targets):
        # cosine between each sample's feature and the output row of the class it is predicted as
        end = self.loader.end
        boundary = end - self.cfg.step_size
        n_old = boundary * (targets.shape[0] // end)

        head_w = self.model.module.fc.weight
        pred = logits[:, :end].argmax(dim=1)
        unit_feats = feats / torch.norm(feats, 2, 1).unsqueeze(1)
        unit_rows = head_w / torch.norm(head_w, 2, 1).unsqueeze(1)
        cos_sim_matrix = torch.matmul(unit_feats, unit_rows.transpose(0, 1))

        idx = torch.arange(logits.shape[0])
        probs = F.softmax(logits[:, :end], dim=1)
        picked = {"score": logits[idx, pred], "prob": probs[idx, pred], "cos": cos_sim_matrix[idx, pred]}

        old_pred, new_pred = pred < boundary, pred >= boundary
        old_as_new = pred[:n_old] >= boundary
        new_as_old = pred[n_old:] < boundary
        for key, vals in picked.items():
            self.log[key].setdefault("old_pred", []).append(vals[old_pred].mean().item())
            self.log[key].setdefault("new_pred", []).append(vals[new_pred].mean().item())
            self.log[key].setdefault("old_as_new", []).append(vals[:n_old][old_as_new].mean().item())
            self.log[key].setdefault("new_as_old", []).append(vals[n_old:][new_as_old].mean().item())

    def row_norms(self):
        end = self.loader.end
        norms = torch.norm(self.model.module.fc.weight, 2, 1)
        self.log.setdefault("row_norm", []).append(norms[:end].detach().cpu().numpy())
