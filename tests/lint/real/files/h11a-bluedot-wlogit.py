# cosaudit corpus, synthetic file: same shape as JonathanRaines/bluedot-intro-to-mech-interp/basic_analysis.py at 7d7c5f04225cb9a393abca726b5bad2b30e981e0 (licence NOASSERTION); new code, no text copied.
"""First look at a one-layer modular-addition transformer: neuron-to-logit map and its Fourier structure."""
import numpy as np
import plotly.express as px
import torch
from transformer_lens import HookedTransformer, HookedTransformerConfig

P = 113
cfg = HookedTransformerConfig(n_layers=1, d_model=128, d_head=32, n_heads=4, d_mlp=512, d_vocab=P + 1,
                              d_vocab_out=P, n_ctx=3, act_fn="relu", normalization_type=None)
net = HookedTransformer(cfg)
net.load_state_dict(torch.load("grokked.pt", map_location="cpu"))

# direct path from each MLP neuron to each output logit: W_out @ W_U
neuron_to_logit = net.blocks[0].mlp.W_out @ net.unembed.W_U        # [d_mlp, P]
print("neuron_to_logit", tuple(neuron_to_logit.shape))

# Fourier basis over the output residues
k = np.arange(P)
basis = np.concatenate([np.ones((1, P))] + [np.stack([np.cos(2 * np.pi * f * k / P), np.sin(2 * np.pi * f * k / P)])
                                              for f in range(1, P // 2 + 1)])
basis = torch.tensor(basis / np.linalg.norm(basis, axis=1, keepdims=True), dtype=torch.float32)
in_fourier = neuron_to_logit.detach() @ basis.T
px.imshow(in_fourier.norm(dim=0, keepdim=True).numpy(), title="neuron-to-logit energy per Fourier component").show()
