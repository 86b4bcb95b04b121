# Synthetic rewrite of the shape of KyraZzz/nlp-prompt-attack:src/labelsearch.py at ab29c77489e63179f15521daf2f8783fabd27c45 (licence MIT); not the original text.
"""Pick verbalizer tokens for each class by training a tiny probe on the [MASK] state."""
import torch
from torch import nn
from transformers import AutoModelForMaskedLM


class KeepOutput:
    """Remember what a module returned on its last call."""

    def __init__(self, module):
        self.value = None
        module.register_forward_hook(lambda _m, _i, out: setattr(self, "value", out))


class VerbalizerSearch(nn.Module):
    def __init__(self, checkpoint, n_labels, n_candidates=10):
        super().__init__()
        self.mlm = AutoModelForMaskedLM.from_pretrained(checkpoint)
        self.pre_decoder = KeepOutput(self.mlm.lm_head.layer_norm)
        self.vocab_rows = self.mlm.lm_head.decoder.weight        # tied MLM output rows
        self.probe = nn.Linear(self.mlm.config.hidden_size, n_labels)
        self.n_candidates = n_candidates
        self.loss_fn = nn.CrossEntropyLoss()

    def forward(self, input_ids, attention_mask, mask_pos, labels=None):
        with torch.no_grad():
            self.mlm(input_ids=input_ids, attention_mask=attention_mask)
        states = self.pre_decoder.value
        at_mask = states[torch.arange(states.size(0)), mask_pos.view(-1)]
        logits = self.probe(at_mask)
        loss = self.loss_fn(logits, labels.view(-1)) if labels is not None else None
        return loss, logits

    @torch.no_grad()
    def candidates(self, tokenizer):
        # raw inner products of every probe row with every vocabulary row
        affinity = self.probe.weight @ self.vocab_rows.T           # (n_labels, vocab)
        top = affinity.softmax(dim=1).topk(self.n_candidates, dim=1).indices
        return {k: tokenizer.convert_ids_to_tokens(top[k].tolist()) for k in range(top.size(0))}
