# Synthetic rewrite of the shape of ExplainableML/ImageFreeZSL:joint_latent.py at f009293a2886e0123ac938b6b0df8c16d8c2328d (licence NOASSERTION); not the original text.
# Image-free zero-shot injection: learn to map class descriptors onto the rows of an
# already trained softmax classifier, then write predicted rows for unseen classes.
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


class OneMinusCosine(nn.Module):
    def __init__(self, dim=1):
        super().__init__()
        self.sim = nn.CosineSimilarity(dim=dim, eps=1e-8)

    def forward(self, pred, target):
        return (1.0 - self.sim(pred, target)).unsqueeze(-1)


class DescriptorToClassifier:
    def __init__(self, base_clf, descriptors, seen_ids, mapper, use_cosine=False,
                 lr=1e-4, batch=16, epochs=50):
        # every seen-class row of the trained head, with its bias as the last entry
        self.rows = torch.cat([base_clf.fc.weight.detach(),
                               base_clf.fc.bias.detach().unsqueeze(1)], dim=1)
        self.descriptors = descriptors
        self.seen_ids = seen_ids
        self.mapper = mapper
        if use_cosine:
            self.objective = OneMinusCosine()
        else:
            self.objective = nn.MSELoss(reduction="none")
        pairs = TensorDataset(descriptors[seen_ids], self.rows)
        self.loader = DataLoader(pairs, batch_size=batch, shuffle=True)
        self.opt = torch.optim.Adam(mapper.parameters(), lr=lr, betas=(0.9, 0.999))
        self.epochs = epochs

    def fit(self):
        for _ in range(self.epochs):
            for desc, head_rows in self.loader:
                self.opt.zero_grad()
                predicted = self.mapper(desc)
                # predicted classifier rows are pulled toward the true head rows
                loss = self.objective(predicted, head_rows).mean()
                loss.backward()
                self.opt.step()

    @torch.no_grad()
    def inject(self, new_clf, unseen_ids):
        d = new_clf.fc.weight.shape[1]
        for k, cid in enumerate(unseen_ids):
            row = self.mapper(self.descriptors[cid][None]).squeeze(0)
            new_clf.fc.weight[k] = row[:d]
            new_clf.fc.bias[k] = row[d]
        return new_clf
