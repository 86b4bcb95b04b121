# Synthetic rewrite of the shape of hongjoon0805/Incremental:trainer/ft.py at 38d1495ea1b8a898183dec345720e3ebe90db8e0 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


class UnitLinear(torch.nn.Module):
    """Bias-free layer scoring inputs by cosine with each (unit-length) weight row."""

    def __init__(self, d_in, d_out):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.empty(d_out, d_in).uniform_(-1, 1))

    def forward(self, x):
        return F.linear(F.normalize(x, dim=1), F.normalize(self.weight, dim=1))


class FinetuneLearner:
    def __init__(self, model, loader, cfg):
        self.model, self.loader, self.cfg = model, loader, cfg

    def align_new_rows(self):
        """Weight aligning: rescale the rows of the newest classes so that their mean
        norm matches the mean norm of the rows of the old classes."""
        end = self.loader.end
        start = end - self.cfg.step_size
        weight = self.model.module.fc.weight.data

        old_rows, new_rows = weight[:start], weight[start:end]
        mean_prev = torch.mean(torch.norm(old_rows, dim=1)).item()
        mean_new = torch.mean(torch.norm(new_rows, dim=1)).item()
        gamma = mean_prev / mean_new
        weight[start:end] = new_rows * gamma
        print("norms old/new after aligning:",
              torch.norm(weight[:start], dim=1).mean().item(),
              torch.norm(weight[start:end], dim=1).mean().item())
