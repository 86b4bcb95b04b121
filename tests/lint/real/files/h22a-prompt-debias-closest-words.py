# Synthetic rewrite of the shape of ChiscaAndrei/prompting-fairness:src/prompt_tuning_debias/bias_evaluator.py at 7f0f1a3d420b36c04f3565fe16cf464bae5486af (licence Apache-2.0); not the original text.
"""Bias checks for a prompt-tuned masked LM, plus a readout of which vocabulary items the soft prompt resembles."""
import numpy as np
import torch
from scipy.spatial import distance


class PromptBiasReport:
    def __init__(self, k=5):
        self.k = k

    @torch.no_grad()
    def gendered_agreement(self, male_idx, female_idx):
        same = torch.sum(male_idx == female_idx).item()
        return 1.0 - same / male_idx.size(0)

    @torch.no_grad()
    def prompt_neighbours(self, peft_model, tok):
        # token table of the underlying BERT / RoBERTa masked LM
        if "roberta" in peft_model.name_or_path:
            table = peft_model.roberta.embeddings.word_embeddings
        else:
            table = peft_model.bert.embeddings.word_embeddings
        rows = table.weight.detach().cpu().numpy()              # [vocab, hidden]
        soft = peft_model.get_prompt_embedding_to_save().numpy()  # [n_virtual, hidden]
        out = []
        for vec in soft:
            d = distance.cdist(vec[None, :], rows, 'cosine')[0]  # cosine distance to every row
            nearest = np.argsort(d)[: self.k]
            out.append(tok.convert_ids_to_tokens(nearest))
        return out
