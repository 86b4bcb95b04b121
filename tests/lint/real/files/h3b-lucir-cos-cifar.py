# cosaudit corpus, synthetic file: same shape as hshustc/CVPR19_Incremental_Learning/cifar100-class-incremental/class_incremental_cosine_cifar100.py at e5a90aed7640f3b00e5b1a8dfb5376c1628bfe6a (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


@torch.no_grad()
def imprint_new_classes(model, x_train, y_train, new_classes, extract):
    """Initialise the rows of the new classes from their normalised mean feature,
    rescaled to the average norm of the rows already learned."""
    old_norm = model.fc.fc1.weight.norm(dim=1, keepdim=True).mean(0)
    feat_model = nn.Sequential(*list(model.children())[:-1])
    new_rows = torch.zeros(len(new_classes), model.fc.in_features)
    for k, c in enumerate(new_classes):
        feats = extract(feat_model, x_train[np.asarray(y_train) == c])
        unit = F.normalize(torch.as_tensor(feats), p=2, dim=1)
        mean_feat = unit.mean(0)
        new_rows[k] = F.normalize(mean_feat, p=2, dim=0) * old_norm
    model.fc.fc2.weight.data = new_rows
    return model
