# cosaudit corpus, synthetic file: same shape as ericwtodd/function_vectors/src/vocab_reconstruction.py at fb9eac7b6dc707ea1475a717379916007fe448d5 (licence MIT); new code, no text copied.
"""Can a function vector be rebuilt from a few vocabulary directions? Fit in output space."""
import torch


def fit_vocab_vector(v, target, decoder, loss_fn, opt, steps=1000, vocab_cut=50400):
    for _ in range(steps):
        opt.zero_grad()
        loss = loss_fn(decoder(v)[..., :vocab_cut].log_softmax(-1), target[..., :vocab_cut])
        loss.backward()
        opt.step()
    return v.detach()


def reconstruct(model, fv, lr=0.5, steps=1000, vocab_cut=50400):
    decoder = torch.nn.Sequential(model.transformer.ln_f, model.lm_head).to(model.device)
    for p in decoder.parameters():
        p.requires_grad_(False)
    target = torch.softmax(decoder(fv), dim=-1).detach()
    v = torch.randn_like(fv, requires_grad=True)
    opt = torch.optim.Adam([v], lr=lr)
    kl = torch.nn.KLDivLoss(reduction="batchmean")
    v_hat = fit_vocab_vector(v, target, decoder, kl, opt, steps, vocab_cut)
    top = torch.softmax(decoder(fv), dim=-1).topk(10).indices
    overlap = torch.softmax(decoder(v_hat), dim=-1)[..., top].sum().item()
    return v_hat, overlap
