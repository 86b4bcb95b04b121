# Synthetic rewrite of the shape of Natooz/music-modeling-time-duration:model_cl.py at e3672f87fcfc928edc9a45314183a0bdafcfaaa5 (licence NOASSERTION); not the original text.
"""Dropout-view contrastive training of a BERT encoder over MIDI token sequences."""
import torch
from torch import nn
from transformers.models.bert.modeling_bert import BertModel, BertPreTrainedModel
from transformers.modeling_outputs import SequenceClassifierOutput

TAU = 0.05


class ScaledCos(nn.Module):
    def __init__(self, tau: float):
        super().__init__()
        self.tau = tau
        self.cos = nn.CosineSimilarity(dim=-1)

    def forward(self, a, b):
        return self.cos(a, b) / self.tau


def mean_pool(mask, hidden):
    if mask is None:
        return hidden.sum(1)
    w = mask.unsqueeze(-1).float()
    return (hidden * w).sum(1) / w.sum(1)


class MidiBertContrastive(BertPreTrainedModel):
    def __init__(self, config, tau: float = TAU):
        super().__init__(config)
        self.encoder_body = BertModel(config, add_pooling_layer=False)
        self.score = ScaledCos(tau)
        self.post_init()

    def forward(self, input_ids, attention_mask=None, labels=None, return_dict=True):
        view_a = self.encoder_body(input_ids, attention_mask=attention_mask, return_dict=True)
        seq_a = mean_pool(attention_mask, view_a.last_hidden_state)  # one vector per piece
        if not self.training and labels is None:
            return seq_a

        # a second pass gives another dropout mask: the positive pair
        view_b = self.encoder_body(input_ids.clone(), attention_mask=attention_mask, return_dict=True)
        seq_b = mean_pool(attention_mask, view_b.last_hidden_state)

        sims = self.score(seq_a[:, None, :], seq_b[None, :, :])  # (N, N) piece-vs-piece
        targets = labels if labels is not None else torch.arange(input_ids.shape[0], device=sims.device)
        loss = nn.functional.cross_entropy(sims, targets)
        return SequenceClassifierOutput(loss=loss, logits=sims if self.training else seq_a)
