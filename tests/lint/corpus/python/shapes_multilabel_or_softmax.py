"""A prompt-tuned masked LM for relation extraction whose loss is chosen by dataset: a multi-label
loss for one, a softmax cross-entropy for the others. Under the softmax configuration its relation
rows are a softmax head's, fixed only up to a shared translation, so their cosine is still a finding."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def multilabel_categorical_crossentropy(y_pred, y_true):
    y_pred = (1 - 2 * y_true) * y_pred
    neg = torch.logsumexp(torch.cat([y_pred - y_true * 1e12, torch.zeros_like(y_pred[..., :1])], -1), -1)
    pos = torch.logsumexp(torch.cat([y_pred - (1 - y_true) * 1e12, torch.zeros_like(y_pred[..., :1])], -1), -1)
    return (neg + pos).mean()


class RelationModule(nn.Module):
    def __init__(self, model, dialogue: bool):
        super().__init__()
        self.model = model
        self.loss_fn = multilabel_categorical_crossentropy if dialogue else nn.CrossEntropyLoss()

    def margin_loss(self, gold_ids, other_ids):
        gold = self.model.get_output_embeddings().weight[gold_ids]
        other = self.model.get_output_embeddings().weight[other_ids]
        apart = F.cosine_similarity(gold, other, dim=1)  # expect: COS101
        return F.logsigmoid(0.5 - apart).neg().mean()
