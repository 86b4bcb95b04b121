# Synthetic rewrite of the shape of shirashko/uncertainty-sources-in-llms:src/subspaces_analysis/uncertainty_engine.py at b99967624b40684477a55d3d57dde6d940400958 (licence NOASSERTION); not the original text.
import torch
from transformer_lens import HookedTransformer


class NullSpaceTool:
    """Split residual vectors into the part the unembedding can read and the part it cannot."""

    def __init__(self, name="gpt2", k=12):
        self.dev = "cuda" if torch.cuda.is_available() else "cpu"
        self.model = HookedTransformer.from_pretrained(name, device=self.dev)
        self.k = k
        self.P_null = self._null_projector()
        self.P_read = torch.eye(self.model.cfg.d_model, device=self.dev) - self.P_null

    def _null_projector(self):
        W_U = self.model.W_U.detach().cpu()                      # [d_model, d_vocab]
        # subtract the mean over the vocabulary before looking for dead directions
        W_U_centered = W_U - W_U.mean(dim=1, keepdim=True)
        _, _, Vh = torch.linalg.svd(W_U_centered.T, full_matrices=False)
        tail = Vh[-self.k:, :].to(self.dev)                      # smallest singular directions
        return tail.T @ tail

    @torch.no_grad()
    def last_resid(self, text, layer=None):
        layer = self.model.cfg.n_layers - 1 if layer is None else layer
        _, cache = self.model.run_with_cache(text)
        return cache[f"blocks.{layer}.hook_resid_post"][0, -1]

    def to_null(self, v):
        return v.to(self.dev) @ self.P_null

    def to_readable(self, v):
        return v.to(self.dev) @ self.P_read
