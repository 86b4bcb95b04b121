# Synthetic rewrite of the shape of PradHolla/AAI595-Final-Project:3.Adversarial_Training.py at cbc0e2106ce23bbcbbdfe967f6b257a885537706 (licence NOASSERTION); not the original text.
"""Adversarial training whose clean loss up-weights classes the model keeps confusing."""
import torch
import torch.nn.functional as F


class ConfusionWeightedTrainer:
    def __init__(self, model, n_classes=100, refresh_every=15, device="cpu"):
        self.model = model
        self.n_classes = n_classes
        self.refresh_every = refresh_every
        self.device = device
        self.per_class = None
        self.last_refresh = -1

    @torch.no_grad()
    def confusion_weights(self, loader):
        table = torch.zeros(self.n_classes, self.n_classes, device=self.device)
        self.model.eval()
        for x, y in loader:
            guess = self.model(x.to(self.device)).argmax(dim=1)
            for truth, pred in zip(y.to(self.device), guess):
                table[truth, pred] += 1
        # row-normalise, drop the diagonal: how often each class is mistaken
        table = table / (table.sum(dim=1, keepdim=True) + 1e-8)
        table.fill_diagonal_(0.0)
        mistaken = table.sum(dim=1)
        mistaken = mistaken / mistaken.mean()
        return 0.5 + 0.5 * mistaken

    def loss(self, x_clean, x_adv, y, epoch, val_loader, beta=6.0):
        if epoch > 0 and epoch % self.refresh_every == 0 and epoch != self.last_refresh:
            self.per_class = self.confusion_weights(val_loader)
            self.last_refresh = epoch
        self.model.train()
        clean_logits = self.model(x_clean)
        adv_logits = self.model(x_adv)
        if self.per_class is None:
            natural = F.cross_entropy(clean_logits, y)
        else:
            natural = F.cross_entropy(clean_logits, y, weight=self.per_class)
        robust = F.kl_div(F.log_softmax(adv_logits, dim=1), F.softmax(clean_logits, dim=1),
                          reduction="batchmean")
        return natural + beta * robust
