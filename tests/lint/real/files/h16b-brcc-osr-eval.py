# cosaudit corpus, synthetic file: same shape as maybeyouorme/BRCC/Softmax/evaluator.py at 344cdb1882bdc4b07c925052808ec0ccb420ccb1 (licence NOASSERTION); new code, no text copied.
"""Open-set evaluation of the softmax baseline for channel-code recognition.

The model (Softmax/models.py) ends in a bias-free nn.Linear applied to the
L2-normalised shared embedding; its rows are not normalised.
"""
import numpy as np
import torch
import torch.nn.functional as F
from sklearn.metrics import auc, roc_curve
from tqdm import tqdm

from Softmax.config import Config
from Softmax.models import SoftmaxOSRNet

CODE_NAMES = ["Conv", "LDPC", "Turbo", "Polar", "BCH"]


@torch.no_grad()
def run_inference(model, loader, device):
    model.eval()
    res = {k: [] for k in ("emb", "y", "snr", "pred", "logits", "max_sim", "msp", "entropy")}
    for x, y, snr in tqdm(loader, desc="inference"):
        x = x.to(device)
        out = model(x.unsqueeze(1) if x.dim() == 2 else x)
        logits = out["logits"]
        probs = logits.softmax(dim=1)
        res["logits"].append(logits.cpu().numpy())
        res["y"].append(y.numpy())
        res["snr"].append(snr.numpy())
        res["pred"].append(logits.argmax(1).cpu().numpy())
        res["emb"].append(out["embedding"].cpu().numpy())
        res["msp"].append(probs.max(dim=1).values.cpu().numpy())
        ent = -(probs * torch.log(probs + 1e-10)).sum(dim=1) / np.log(len(CODE_NAMES))
        res["entropy"].append(ent.cpu().numpy())

        # cosine of the embedding with every class row of the classifier ("class prototypes")
        emb = F.normalize(out["embedding"], p=2, dim=1)
        proto = F.normalize(model.classifier.weight, p=2, dim=1)
        sims = emb @ proto.t()
        res["max_sim"].append(sims.max(dim=1).values.cpu().numpy())
    return {k: np.concatenate(v) for k, v in res.items()}


def per_class_msp_thresholds(val_res, pct=5.0):
    known = val_res["y"] != -1
    return {int(c): float(np.percentile(val_res["msp"][val_res["y"] == c], pct))
            for c in np.unique(val_res["y"][known])}


def open_set_auroc(res):
    known = res["y"] != -1
    score = 1.0 - res["msp"]
    fpr, tpr, _ = roc_curve((~known).astype(int), score)
    return auc(fpr, tpr)


def main(model_path, val_loader, test_loader, device="cuda", cfg=None):
    model = SoftmaxOSRNet(cfg or Config()).to(device)
    model.load_state_dict(torch.load(model_path, map_location=device)["model"])
    thresholds = per_class_msp_thresholds(run_inference(model, val_loader, device))
    test_res = run_inference(model, test_loader, device)
    print("thresholds:", thresholds)
    print("open-set AUROC (1 - MSP):", open_set_auroc(test_res))
    return test_res
