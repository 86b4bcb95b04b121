# cosaudit corpus, synthetic file: same shape as shiwonkim/Joint_FSCIL/models/archs/networks.py at dc98067ede4afbb470b4eede4ea9edb8f991e4c4 (licence NOASSERTION); new code, no text copied.
"""Few-shot class-incremental backbone + head; the scripts run it with base_mode 'ft_cos', new_mode 'avg_cos'."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from models.resnets import resnet18, resnet20


class IncrementalNet(nn.Module):
    def __init__(self, args, mode=None):
        super().__init__()
        self.args, self.mode = args, mode
        if args.dataset == 'cifar100':
            self.encoder, self.num_features = resnet20(), 64
        else:
            self.encoder, self.num_features = resnet18(False, args), 512
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(self.num_features, args.num_classes, bias=False)

    def encode(self, x):
        return self.pool(self.encoder(x)).flatten(1)

    def forward_metric(self, x):
        x = self.encode(x)
        if 'cos' in self.mode:
            # temperature-scaled cosine between the feature and every class row
            return self.args.temperature * F.linear(F.normalize(x, dim=-1), F.normalize(self.fc.weight, dim=-1))
        return self.fc(x)

    def forward(self, x):
        if self.mode == 'encoder':
            return self.encode(x)
        return self.forward_metric(x)

    @torch.no_grad()
    def replace_with_prototypes(self, loader, class_list):
        feats, labels = [], []
        for images, targets in loader:
            feats.append(self.encode(images.cuda()))
            labels.append(targets.cuda())
        feats, labels = torch.cat(feats), torch.cat(labels)
        for c in class_list:
            self.fc.weight.data[c] = feats[labels == c].mean(0)

    def finetune_logits(self, x, fc):
        if 'dot' in self.args.new_mode:
            return F.linear(x, fc)
        return self.args.temperature * F.linear(F.normalize(x, dim=-1), F.normalize(fc, dim=-1))
