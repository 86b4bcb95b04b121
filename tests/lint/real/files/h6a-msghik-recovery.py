# cosaudit corpus, synthetic file: same shape as msghik/Subliminal-Steering-2026-Code/code/src/recovery.py at d7ca4422f5fc11c874452f920e88a52753c3cab3 (licence NOASSERTION); new code, no text copied.
"""Blind recovery of a steering vector: learn the vector, its scale and a contiguous layer window
from the student's data alone, and (optionally) track how close it gets to the teacher's vector."""
import torch
import torch.nn.functional as F
from transformers import TrainerCallback


class RecoveryTracker(TrainerCallback):
    def __init__(self, hook, reference=None):
        self.hook = hook
        self.reference = reference          # None when no teacher vector is available
        self.history = []

    def on_log(self, args, state, control, logs=None, **kwargs):
        learned = self.hook.vector.detach().float()
        if self.reference is not None:
            cos = F.cosine_similarity(learned.unsqueeze(0), self.reference.float().unsqueeze(0)).item()
        else:
            cos = float("nan")
        self.history.append({"step": state.global_step, "cos": cos, "alpha": self.hook.alpha.item()})


class WindowSteeringHook(torch.nn.Module):
    def __init__(self, d_model, n_layers):
        super().__init__()
        self.vector = torch.nn.Parameter(torch.randn(d_model) * 0.01)
        self.alpha = torch.nn.Parameter(torch.tensor(1.0))
        self.window = torch.nn.Parameter(torch.tensor([0.3, 0.7]) * n_layers)

    def add(self, hidden, layer):
        unit = self.vector / (self.vector.norm() + 1e-8)
        gate = torch.sigmoid(layer - self.window[0]) * torch.sigmoid(self.window[1] - layer)
        return hidden + gate * self.alpha * unit
