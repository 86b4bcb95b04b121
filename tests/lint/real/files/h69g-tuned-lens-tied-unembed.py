# Synthetic rewrite of the shape of chry-santhemum/subliminal-learning:tuned_lens.py at 055071bee25d2bf6454efe53bea3b0ff0de8d331 (licence NOASSERTION); not the original text.
# Idea kept: train per-layer affine translators so that each layer's residual,
# pushed through the final norm and the (tied) token table, matches the final
# next-token distribution under KL.  Only matmul logits, no cosine anywhere.
import torch
import torch.nn as nn
import torch.nn.functional as F


class LayerTranslators(nn.Module):
    def __init__(self, n_layers: int, width: int):
        super().__init__()
        self.maps = nn.ModuleList(nn.Linear(width, width) for _ in range(n_layers))
        for m in self.maps:
            nn.init.eye_(m.weight)
            nn.init.zeros_(m.bias)

    def forward(self, residuals):
        return [m(h) for m, h in zip(self.maps, residuals)]


def pieces(model):
    core = model.model
    if hasattr(core, "language_model"):
        core = core.language_model
    return core.norm, core.embed_tokens, len(core.layers)


def kl_to_final(final_logits, layer_logits):
    target = F.log_softmax(final_logits.float(), dim=-1)
    pred = F.log_softmax(layer_logits.float(), dim=-1)
    return F.kl_div(pred, target, log_target=True, reduction="batchmean")


def train_step(model, translators, residuals, final_logits, opt, clip=1.0):
    final_norm, table, n_layers = pieces(model)
    weight = table.weight                      # vocab x d_model, also the output head
    loss = torch.zeros((), device=weight.device)
    for li, h in enumerate(translators(residuals)):
        logits_l = final_norm(h) @ weight.T    # lens readout at layer li
        loss = loss + kl_to_final(final_logits, logits_l)
    opt.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(translators.parameters(), clip)
    opt.step()
    return loss.item() / n_layers
