# Synthetic rewrite of the shape of tommiekerssies/Evaluating-Continual-Test-Time-Adaptation-for-Contextual-and-Semantic-Domain-Shifts:domainnet.py at 28549a711b39a19acef5108b0019170d58fcb1bf (licence NOASSERTION); not the original text.
from copy import deepcopy

import torch
import torch.nn as nn
from torchvision.models import resnet50, ResNet50_Weights

BOTTLENECK = 256
N_CLASSES = 126


class SourceNet(nn.Module):
    """ResNet-50 + bottleneck + weight-normalised linear head (SHOT layout)."""

    def __init__(self):
        super().__init__()
        trunk = resnet50(weights=ResNet50_Weights.DEFAULT)
        trunk.fc = nn.Linear(trunk.fc.in_features, BOTTLENECK)
        self.encoder = nn.Sequential(trunk, nn.BatchNorm1d(BOTTLENECK))
        self.fc = nn.utils.weight_norm(nn.Linear(BOTTLENECK, N_CLASSES), dim=0)

    def forward(self, x):
        return self.fc(self.encoder(x).flatten(1))

    def _freeze_head_weight(self, net):
        # rebuild weight = g * v / ||v|| per class row from the parametrisation
        net.fc.weight = torch._weight_norm(net.fc.weight_v, net.fc.weight_g, dim=0)

    def __deepcopy__(self, memo):
        self.fc.weight = torch._weight_norm(self.fc.weight_v, self.fc.weight_g, dim=0).detach()
        hook = self.__deepcopy__
        self.__deepcopy__ = None
        clone = deepcopy(self, memo)
        self._freeze_head_weight(self)
        self._freeze_head_weight(clone)
        self.__deepcopy__ = hook
        clone.__deepcopy__ = hook
        return clone
