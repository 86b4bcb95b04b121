# Synthetic rewrite of the shape of LIyu810/CoPrompt_main:lit_models/transformer.py at 756da36cbe02559ec4dad83bf6667570ced37a0c (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torch.nn.functional as F


class PromptRelationModule:
    """Prompt-tuned BERT relation classifier whose relation labels are new vocabulary tokens."""

    def __init__(self, mlm, tokenizer, args, first_rel_token, n_rel_tokens):
        self.mlm = mlm  # BertForMaskedLM: decoder tied to the word embeddings, learned positions
        self.tok = tokenizer
        self.args = args
        self.first_rel = first_rel_token
        self.n_rel = n_rel_tokens

    def relation_margin_loss(self, hidden, onehot_labels, input_ids):
        n = hidden.shape[0]
        gold = onehot_labels.argmax(dim=1).cpu().numpy() + self.first_rel
        other = np.random.randint(self.first_rel, self.first_rel + self.n_rel, n)
        clash = other == gold
        other[clash] = np.where(gold[clash] == self.first_rel, other[clash] + 1, other[clash] - 1)

        rows, cols = (input_ids == self.tok.mask_token_id).nonzero(as_tuple=True)
        at_mask = hidden[rows, cols]

        table = self.mlm.get_output_embeddings().weight
        gold_vec = table[torch.as_tensor(gold)]
        other_vec = table[torch.as_tensor(other)]

        pos = F.cosine_similarity(gold_vec, at_mask, dim=1).mean()
        neg = F.cosine_similarity(gold_vec, other_vec, dim=1).mean()
        logsig = torch.nn.LogSigmoid()
        return -logsig(pos - self.args.t_gamma) - logsig(self.args.t_gamma - neg)
