# cosaudit corpus, synthetic file: same shape as bilal-chughtai/rep-theory-mech-interp/rep_theory/utils/metrics.py at 01b20634fa26dd878d121700497c4607cd945551 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn.functional as F


class RepMetrics:
    def unembed(self, model):
        return model.W_U if not self.mlp_unembed else model.blocks[0].mlp.W_out @ model.unembed.W_U

    def trace_agreement(self, logits, traces):
        """How well tr(rho(x) rho(y) rho(z)^-1) predicts the logits, as one cosine over the batch."""
        centred = logits - logits.mean(dim=-1, keepdim=True)
        centred = centred.reshape(-1)
        return F.cosine_similarity(centred, traces.reshape(-1), dim=0)
