# Synthetic rewrite of the shape of OhashiReon/educational-gemma-3-270m:logit_lens.py at 31775cda7041536c7eac3bc0a32971eb352e8cba (licence NOASSERTION); not the original text.
from dataclasses import dataclass
from typing import Dict, List

import torch
import torch.nn.functional as F
from huggingface_hub import hf_hub_download
from safetensors import torch as st

from main import Gemma3ForCausalLM, Gemma3TextConfig


@dataclass
class TokenTrack:
    token: str
    token_id: int
    per_layer_prob: List[float]


class LayerReadout:
    def __init__(self, model, tokenizer):
        self.model, self.tokenizer = model, tokenizer
        self.states: Dict[int, torch.Tensor] = {}
        self.handles = [blk.register_forward_hook(self._keep(i)) for i, blk in enumerate(model.model.layers)]

    def _keep(self, i):
        def fn(module, args, out):
            self.states[i] = out.detach()
        return fn

    def track(self, topk=3):
        depth = len(self.model.model.layers)
        last = torch.stack([self.states[i][:, -1, :] for i in range(depth)]).squeeze(1)
        with torch.no_grad():
            normed = self.model.model.norm(last)  # final RMSNorm, as in the real forward pass
            logits = self.model.lm_head(normed)
            probs = F.softmax(logits, dim=-1)
        ids = torch.unique(torch.topk(probs, topk, dim=-1).indices).tolist()
        rows = [TokenTrack(self.tokenizer.decode([t]), t, probs[:, t].tolist()) for t in ids]
        return sorted(rows, key=lambda r: r.per_layer_prob[-1], reverse=True)


def load(repo="google/gemma-3-270m"):
    cfg = Gemma3TextConfig.from_pretrained(repo, attn_implementation="eager")
    model = Gemma3ForCausalLM(cfg)
    model.load_state_dict(st.load_file(hf_hub_download(repo, "model.safetensors")), strict=False)
    model.tie_weights()  # the checkpoint stores one matrix for embedding and unembedding
    return model.eval()
