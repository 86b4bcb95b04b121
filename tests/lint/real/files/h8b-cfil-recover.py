# cosaudit corpus, synthetic file: same shape as agrudkow/Cost-Free-Incremental-Learning/cf_il/recover_memory.py at 9b88fdfdd829e92acac2d133a3b8c7d2a66e2339 (licence NOASSERTION); new code, no text copied.
import numpy as np
import sklearn.preprocessing as pp
import torch
import torch.nn as nn

from cfil.dirichlet import sample_soft_labels


def recover_impressions(model: nn.Module, n_tasks: int, per_task: int = 2, per_class: int = 10, beta=(1.0, 0.1)):
    """Rebuild pseudo-samples of earlier classes from the classifier alone."""
    loss_fn = nn.CrossEntropyLoss()
    rows = model.fc.weight.detach().cpu().numpy().T     # (features, classes)
    rows = pp.normalize(rows, axis=0)                    # unit column per class
    class_sim = rows.T @ rows
    class_sim = (class_sim - class_sim.min()) / (class_sim.max() - class_sim.min())

    images, logits = [], []
    for c in range(n_tasks * per_task):
        targets = sample_soft_labels(class_sim[c], per_class, beta)
        for t in targets:
            x = torch.rand(1, 3, 32, 32, requires_grad=True)
            loss = loss_fn(model(x), torch.tensor(t).view(1, -1))
            loss.backward()
            x_new = (x + x.grad).detach()
            images.append(x_new.numpy())
            logits.append(model(x_new).detach().numpy())
    return np.array(images), np.array(logits)
