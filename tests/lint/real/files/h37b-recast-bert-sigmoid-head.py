# Synthetic rewrite of the shape of poloclub/RECAST:backend/model.py at b794745744a02647435d166b191034cdcaad5902 (licence MIT); not the original text.
import torch
from torch import nn


class ToxicityTagger(nn.Module):
    """Encoder plus one linear layer scoring each toxicity attribute independently."""

    def __init__(self, encoder, n_attributes: int):
        super().__init__()
        self.encoder = encoder
        self.head = nn.Linear(encoder.config.hidden_size, n_attributes)
        self.bce = nn.BCELoss()

    def forward(self, ids, mask=None, segments=None, labels=None):
        enc = self.encoder(ids, attention_mask=mask, token_type_ids=segments)
        pooled = enc[1]                      # [batch, hidden]
        scores = self.head(pooled)           # [batch, n_attributes]
        probs = torch.sigmoid(scores)
        loss = self.bce(probs, labels) if labels is not None else 0
        return loss, probs, enc[-1], enc[0]
