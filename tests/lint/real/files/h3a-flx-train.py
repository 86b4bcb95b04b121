# cosaudit corpus, synthetic file: same shape as flxst/output-embedding-centering/nanoGPT/train.py at 25c6fb995e0bc8a0636b9f8d515f3c1cdb7ea8d5 (licence NOASSERTION); new code, no text copied.
"""Training loop pieces for output-embedding centering experiments (nanoGPT style)."""
import torch
import torch.nn.functional as F

mu_centering = False


@torch.no_grad()
def embedding_diagnostics(model, hidden_batch):
    """norms of the mean input and output embeddings and their cosine with the mean final hidden state"""
    mean_in = model.transformer.wte.weight.mean(dim=0)               # [H]
    mean_out = model.lm_head.embedding.weight.mean(dim=0)            # [H]
    mean_h = hidden_batch.reshape(-1, hidden_batch.shape[-1]).mean(dim=0)
    return {
        "mu_in_norm": mean_in.norm().item(),
        "mu_out_norm": mean_out.norm().item(),
        "cos_in": F.cosine_similarity(mean_in, mean_h, dim=0).item(),
        "cos_out": F.cosine_similarity(mean_out, mean_h, dim=0).item(),
    }


@torch.no_grad()
def center_output_embeddings(model):
    """mu-centering: remove the mean output embedding after every optimiser step"""
    w = model.lm_head.embedding.weight
    w -= w.mean(dim=0, keepdim=True)


def train_step(model, opt, x, y):
    logits, loss = model(x, y)
    loss.backward()
    opt.step()
    opt.zero_grad(set_to_none=True)
    if mu_centering:
        center_output_embeddings(model)
    return loss.item()
