# Synthetic rewrite of the shape of Ale-Jez/IML-PW:App/model_classes.py at cf2182529d4b1b9a5c2c845166c7ef148e406886 (licence NOASSERTION); not the original text.
"""Speaker-ID network whose output layer is an additive-angular-margin head."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class VoiceEncoder(nn.Module):
    def __init__(self, n_mels=64, dim=192):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d((8, 8)))
        self.out = nn.Linear(16 * 64, dim)

    def forward(self, spec):
        return self.out(self.conv(spec).flatten(1))


class AngularMarginHead(nn.Module):
    """Logits are scaled cosines between the embedding and each speaker row."""

    def __init__(self, dim=192, speakers=5, scale=30.0, margin=0.2):
        super().__init__()
        self.centres = nn.Parameter(torch.empty(speakers, dim))
        nn.init.xavier_uniform_(self.centres)
        self.scale, self.margin = scale, margin

    def forward(self, emb, target=None):
        cos = F.normalize(emb, dim=1) @ F.normalize(self.centres, dim=1).T
        if target is not None and self.training:
            cos = cos - self.margin * F.one_hot(target, cos.shape[1])
        return self.scale * cos


class SpeakerModel(nn.Module):
    def __init__(self, speakers=5):
        super().__init__()
        self.encoder = VoiceEncoder()
        self.head = AngularMarginHead(speakers=speakers)

    def forward(self, spec, target=None):
        emb = self.encoder(spec)
        return self.head(emb, target), emb

    @torch.no_grad()
    def identify(self, spec):
        emb = F.normalize(self.encoder(spec), dim=1)
        rows = F.normalize(self.head.centres, dim=1)
        if rows.shape[0] == 0:
            raise ValueError("no speakers enrolled")
        scores = emb @ rows.T
        best = int(scores.argmax(dim=1))
        return best, float(scores[0, best])
