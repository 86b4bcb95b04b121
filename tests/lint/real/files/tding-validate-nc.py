# cosaudit corpus, synthetic file: same shape as tding1/Neural-Collapse/validate_NC.py at 04ef5860d4a8dd54aa159d2c800dce83f30490e6 (licence NOASSERTION); new code, no text copied.
import torch


def etf_gap(W):
    """Distance of the classifier's Gram matrix from a simplex ETF."""
    K = W.shape[0]
    G = torch.mm(W, W.T)
    G /= torch.norm(G, p="fro")
    ideal = (torch.eye(K) - torch.ones((K, K)) / K) / (K - 1) ** 0.5
    return torch.norm(G - ideal.to(G.device), p="fro").item()


def wh_gap(W, class_means, global_mean):
    K = len(class_means)
    H = torch.stack([class_means[k] - global_mean for k in range(K)], dim=1)
    WH = torch.mm(W, H.to(W.device))
    WH /= torch.norm(WH, p="fro")
    ideal = (torch.eye(K) - torch.ones((K, K)) / K) / (K - 1) ** 0.5
    return torch.norm(WH - ideal.to(W.device), p="fro").item()


def evaluate(model, checkpoints, stats):
    log = []
    for ckpt in checkpoints:
        model.load_state_dict(torch.load(ckpt))
        model.eval()
        for name, param in model.named_parameters():
            if "fc.weight" in name:
                W = param
        mu_G, mu_c = stats(model)
        log.append({"etf": etf_gap(W), "wh": wh_gap(W, mu_c, mu_G)})
    return log
