# cosaudit corpus, synthetic file: same shape as cesar-claros/ood_systematic/src/csfs/class_typical_matching.py at 63e7a09c258add45469d3f71f59a39c82e94511d (licence MIT); new code, no text copied.
"""Confidence score: how closely a feature matches its best class template."""
import torch
import torch.nn.functional as F

from src import utils


class TemplateMatch:
    def __init__(self, module, study, num_classes):
        _, self.w, self.b = utils.get_model_and_last_layer(module, study)
        self.w = self.w[:num_classes]
        self.means = None

    def fit_means(self, feats, labels):
        self.means = torch.stack([feats[labels == c].mean(0) for c in labels.unique()])

    @torch.no_grad()
    def scores(self, feats, reference="weight", batch=32):
        dev = "cuda" if torch.cuda.is_available() else "cpu"
        if reference == "weight":
            bank = self.w.T.unsqueeze(0).to(dev)          # 1 x D x C, rows of the head
        else:
            bank = self.means.T.unsqueeze(0).to(dev)      # 1 x D x C, class means
        out = []
        for chunk in torch.split(feats, batch):
            x = chunk.unsqueeze(2).to(dev)                # B x D x 1
            out.append(F.cosine_similarity(x, bank, dim=1).amax(dim=1))
        return torch.cat(out).cpu()
