# cosaudit corpus, synthetic file: same shape as andrewcampi/roadrunner-inference/raw_research/experiments/26_batch_faiss_routing_linear.py at 2b443f9213d08c9253846d250043c267752d8b39 (licence NOASSERTION); new code, no text copied.
import faiss
import numpy as np
import torch
from transformers import GPT2LMHeadModel


class RoutedHead(torch.nn.Module):
    """Computes logits only for the k rows that a FAISS search picks out."""

    def __init__(self, weight, k=32):
        super().__init__()
        self.k = k
        self.vocab, self.dim = weight.shape
        self.weight = weight.detach().cpu()
        rows = np.ascontiguousarray(self.weight.numpy().astype("float32"))
        faiss.normalize_L2(rows)
        self.index = faiss.IndexFlatL2(self.dim)
        self.index.add(rows)

    def forward(self, h):
        flat = h.reshape(-1, self.dim).detach().cpu().numpy().astype("float32")
        faiss.normalize_L2(flat)
        _, picked = self.index.search(flat, self.k)
        out = torch.full((flat.shape[0], self.vocab), float("-inf"))
        for r, ids in enumerate(picked):
            sel = torch.as_tensor(ids)
            out[r, sel] = h.reshape(-1, self.dim)[r] @ self.weight[sel].T
        return out.reshape(*h.shape[:-1], self.vocab)


lm = GPT2LMHeadModel.from_pretrained("gpt2").eval()
lm.lm_head = RoutedHead(lm.lm_head.weight, k=64)
