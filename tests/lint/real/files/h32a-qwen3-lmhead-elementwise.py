# Synthetic rewrite of the shape of RhineAI/transformers:interpretability/analysis/analysis_lm_head.py at 0cab07baa46cc4f5cc4ad6f234b01dac4b1b2117 (licence NOASSERTION); not the original text.
import torch
from safetensors.torch import load_file

CKPT = 'checkpoints/Qwen3-0.6B/model.safetensors'
TRACE = 'traces/Qwen3-0.6B/run0/state.safetensors'
TOP_N = 5

weights = load_file(CKPT)
trace = load_file(TRACE)

# the small Qwen3 ties its output head to the token table, so read it from that key
head_in = trace['model.lm_head.input'].float()[0]            # [T, d]
head_w = weights['model.embed_tokens.weight'].float().T       # [d, V]
saved_logits = trace['model.logits'].float()[0]               # [T, V]

logits = head_in @ head_w
print('max abs diff vs saved logits:', (logits - saved_logits).abs().max().item())

target = torch.zeros_like(logits)
target[-1, logits[-1].argmax()] = 1.0

credit_in = torch.zeros_like(head_in)
credit_w = torch.zeros_like(head_w)
flat = torch.topk(target.view(-1), TOP_N).indices
n_vocab = target.size(1)
for pos, tok in zip((flat // n_vocab).tolist(), (flat % n_vocab).tolist()):
    weight = target[pos, tok]
    if weight <= 0:
        break
    # per-dimension contribution of this logit: hidden entry times head entry
    elementwise = head_in[pos] * head_w[:, tok]
    credit_in[pos] += elementwise * weight
    credit_w[:, tok] += elementwise * weight
    print(pos, tok, elementwise.topk(10).indices.tolist())
