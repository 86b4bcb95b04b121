# cosaudit corpus, synthetic file: same shape as goodfire-ai/spd/spd/editing/_editing.py at af7e28a548a19ef247bc88b510bc9e917e530746 (licence MIT); new code, no text copied.
"""Inspect and edit rank-1 components of a parameter decomposition (component = read vector V, write vector U)."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F


@dataclass
class ComponentVectors:
    read: torch.Tensor  # (d_in,)
    write: torch.Tensor  # (d_out,)
    d_out: int


@dataclass
class Alignment:
    cosine: float
    dot: float
    percentile: float


@dataclass
class TokenMatch:
    token_id: int
    text: str
    cosine: float
    dot: float


class Editor:
    def __init__(self, model, topology):
        self.model = model
        self.topology = topology  # knows which module is the output head

    def vectors(self, key: str) -> ComponentVectors:
        layer, idx = key.rsplit(":", 1)
        comp = self.model.components[layer]
        write = comp.U[int(idx)].detach().float()
        read = comp.V[:, int(idx)].detach().float()
        return ComponentVectors(read=read, write=write, d_out=write.shape[0])

    def component_alignment(self, upstream: str, downstream: str) -> Alignment:
        """How much one component's write direction feeds another component's read direction."""
        a, b = self.vectors(upstream), self.vectors(downstream)
        cos = F.cosine_similarity(a.write, b.read, dim=0).item()
        dot = float(a.write @ b.read)
        layer_a = upstream.rsplit(":", 1)[0]
        layer_b = downstream.rsplit(":", 1)[0]
        writes = self.model.components[layer_a].U.detach().float()
        reads = self.model.components[layer_b].V.detach().float()
        everyone = F.normalize(writes, dim=1) @ F.normalize(reads, dim=0)
        pct = (everyone.abs() < abs(cos)).float().mean().item() * 100
        return Alignment(cosine=cos, dot=dot, percentile=pct)

    def token_alignment(self, key: str, tokenizer, k: int = 10):
        """Tokens whose output-head rows point most with / against the component's write direction."""
        vec = self.vectors(key)
        head = self.topology.unembed_module.weight  # (vocab, d_model)
        assert vec.d_out == head.shape[1], "component does not write to the residual stream"
        cos_all = F.cosine_similarity(vec.write[None, :], head, dim=1)
        dot_all = head @ vec.write
        up_v, up_i = cos_all.topk(k)
        down_v, down_i = cos_all.topk(k, largest=False)
        ups = [TokenMatch(int(i), tokenizer.decode([int(i)]), v.item(), dot_all[i].item()) for v, i in zip(up_v, up_i)]
        downs = [TokenMatch(int(i), tokenizer.decode([int(i)]), v.item(), dot_all[i].item()) for v, i in zip(down_v, down_i)]
        return ups, downs
