# Synthetic rewrite of the shape of Ydongd/prototypical-prompt-verbalizer:models/model.py at 270908c5815bb7dd070f4a3c9798816d6c1ca5be (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F
from transformers import AutoModel, AutoTokenizer


class PrototypeVerbalizer(nn.Module):
    """Scores a [MASK] representation against one learned prototype per class."""

    def __init__(self, backbone="roberta-large", num_classes=4, proto_dim=256):
        super().__init__()
        self.tok = AutoTokenizer.from_pretrained(backbone)
        self.encoder = AutoModel.from_pretrained(backbone)
        self.mask_id = self.tok.mask_token_id
        self.project = nn.Linear(self.encoder.config.hidden_size, proto_dim)
        self.prototypes = nn.Embedding(num_classes, proto_dim)

    def mask_vectors(self, input_ids, attention_mask):
        hidden = self.encoder(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state
        where = (input_ids == self.mask_id).nonzero()
        return self.project(hidden[where[:, 0], where[:, 1]])

    def forward(self, input_ids, attention_mask):
        z = self.mask_vectors(input_ids, attention_mask)
        rows = []
        for k in range(z.size(0)):
            # class score = cosine between the sample and every prototype
            rows.append(F.cosine_similarity(z[k : k + 1], self.prototypes.weight))
        return torch.stack(rows)

    def prototype_loss(self, z, labels, tau=1.0):
        total = z.new_zeros(())
        for k in range(z.size(0)):
            y = labels[k].item()
            pos = F.cosine_similarity(z[k : k + 1], self.prototypes.weight[y : y + 1])[0]
            others = [c for c in range(self.prototypes.num_embeddings) if c != y]
            neg = self.prototypes.weight[others]
            denom = torch.exp(F.cosine_similarity(z[k : k + 1], neg) / tau).sum()
            total = total - torch.log(torch.exp(pos / tau) / (torch.exp(pos / tau) + denom))
        return total / z.size(0)
