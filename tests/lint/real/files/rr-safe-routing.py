# cosaudit corpus, synthetic file: same shape as andrewcampi/roadrunner-inference/raw_research/experiments/27_safe_routinglinear_torch_topk.py at 2b443f9213d08c9253846d250043c267752d8b39 (licence NOASSERTION); new code, no text copied.
import torch
from transformers import GPT2LMHeadModel


class SafeRoutingLinear(torch.nn.Module):
    """Pick candidate tokens by angle, then compute their exact logits."""

    def __init__(self, weight, bias=None, top_k=64):
        super().__init__()
        self.weight = weight.detach()
        self.bias = bias
        self.top_k = top_k
        self.weight_norm = torch.nn.functional.normalize(weight, dim=1).detach()

    def forward(self, x):
        flat = x.reshape(-1, x.shape[-1])
        x_norm = torch.nn.functional.normalize(flat, dim=1)
        sims = x_norm @ self.weight_norm.T                     # [B*T, vocab]
        top_ids = torch.topk(sims, self.top_k, dim=1).indices
        out = torch.full((flat.shape[0], self.weight.shape[0]), float("-inf"), device=x.device)
        picked = self.weight[top_ids]                          # [B*T, k, d]
        out.scatter_(1, top_ids, torch.einsum("bd,bkd->bk", flat, picked))
        return out.reshape(*x.shape[:-1], -1)


model = GPT2LMHeadModel.from_pretrained("gpt2").eval()
model.lm_head = SafeRoutingLinear(model.lm_head.weight)
