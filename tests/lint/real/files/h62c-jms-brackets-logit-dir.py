# Synthetic rewrite of the shape of jamesms36/mech_interp:balanced_bracket_classifier/main.py at 515147a13b5b908b145c6eac842f5ddc218a8493 (licence NOASSERTION); not the original text.
# %%
import einops
import torch as t
from sklearn.linear_model import LinearRegression


def unbalanced_readout(model) -> t.Tensor:
    """Direction after the final norm that raises the 'unbalanced' logit over 'balanced'."""
    head = model.W_U  # [d_model, 2]
    return head[:, 0] - head[:, 1]


def fit_norm_as_linear(model, toks, norm_module, pos=0):
    ins, outs = capture_norm_io(model, toks, norm_module)
    reg = LinearRegression().fit(ins[:, pos].cpu().numpy(), outs[:, pos].cpu().numpy())
    return reg


def residual_readout(model, toks) -> t.Tensor:
    reg = fit_norm_as_linear(model, toks, model.ln_final, pos=0)
    return t.tensor(reg.coef_, dtype=t.float32).T @ unbalanced_readout(model)


# %% attribute the classification to each component's write at position 0
pieces = stack_component_outputs(model, data.toks)  # [component, batch, seq, d_model]
direction = residual_readout(model, data.toks)
per_component = einops.einsum(
    pieces[:, :, 0, :], direction, "comp batch d, d -> comp batch"
)
# subtract the average over balanced strings so zero means "looks balanced"
per_component = per_component - per_component[:, data.isbal].mean(dim=1, keepdim=True)
plot_component_histograms(per_component, data.isbal)
