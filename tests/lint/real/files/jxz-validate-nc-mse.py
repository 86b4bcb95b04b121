# cosaudit corpus, synthetic file: same shape as jinxinzhou/neural-collapse-MSE/validate_NC.py at 47624073359bbaa691b4ddc0057dd118e14e70a0 (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch


def cos_margins(W, b, mu_G, feats_by_class, outs_by_class):
    margins = []
    for target, outs in outs_by_class.items():
        feats = torch.as_tensor(feats_by_class[target])
        outs = torch.as_tensor(outs)
        cos_out = (outs - b[None]) / (
            torch.norm(feats - mu_G[None], dim=1, keepdim=True) * torch.norm(W.T, dim=0, keepdim=True))
        others = cos_out.clone()
        others[:, target] = -np.inf
        margins.append(cos_out[:, target] - others.max(dim=1).values)
    return torch.cat(margins)


def class_gram_error(W):
    K = W.shape[0]
    WWT = torch.mm(W, W.T)
    WWT /= torch.norm(WWT, p="fro")
    target = (torch.eye(K) - torch.ones(K, K) / K) / (K - 1) ** 0.5
    return torch.norm(WWT - target.to(W.device), p="fro").item()


def run(model, epochs, load_path, collect):
    for epoch in range(epochs):
        model.load_state_dict(torch.load(f"{load_path}epoch_{epoch + 1:03d}.pth"))
        for n, p in model.named_parameters():
            if "fc.weight" in n:
                W = p
            if "fc.bias" in n:
                b = p
        mu_G, feats, outs = collect(model)
        print(epoch, class_gram_error(W), cos_margins(W, b, mu_G, feats, outs).mean().item())
