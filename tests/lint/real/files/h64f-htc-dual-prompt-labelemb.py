# Synthetic rewrite of the shape of ccx06/Dual-Prompt-Tuning-for-HTC:src/models/dual_prompt_model.py at 43e2daf6578ed6df885329cf229c3f5b749e19e7 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class HierarchyPromptModel(nn.Module):
    """Hierarchical text classifier: one [MASK] per level, soft verbalizer per level."""

    def __init__(self, bert, tokenizer, label_names, tau=0.1):
        super().__init__()
        self.bert = bert
        self.tok = tokenizer
        self.label_names = label_names  # id -> surface name
        self.tau = tau

    def encode_label_names(self, ids):
        """Each label's vector is the mean encoder output over its name's word pieces."""
        ids = sorted(set(ids))
        texts = [self.label_names[i] for i in ids]
        batch = self.tok(texts, padding=True, return_tensors="pt").to(self.bert.device)
        hidden = self.bert(**batch).last_hidden_state
        vectors = {}
        for row, i in enumerate(ids):
            n_pieces = len(self.tok.tokenize(self.label_names[i]))
            vectors[i] = hidden[row, 1 : 1 + n_pieces].mean(dim=0)
        return vectors

    def peer_label_contrast(self, mask_repr, neg_mask_repr, gold_ids, sampled_neg_ids):
        """mask_repr / neg_mask_repr: [batch, hidden] outputs at the positive / negative mask slots."""
        vecs = self.encode_label_names(list(gold_ids[0]) + list(sampled_neg_ids[0]))
        loss = mask_repr.new_zeros(())
        for b in range(mask_repr.size(0)):
            pos = torch.stack([vecs[i] for i in gold_ids[b] if i in vecs])
            neg = torch.stack([vecs[i] for i in sampled_neg_ids[b] if i in vecs])
            neg = torch.cat([neg, neg_mask_repr[b : b + 1]], dim=0)
            anchor = F.normalize(mask_repr[b], dim=0).unsqueeze(0)
            s_pos = F.cosine_similarity(anchor, F.normalize(pos, dim=1))
            s_neg = F.cosine_similarity(anchor, F.normalize(neg, dim=1))
            top = torch.exp(s_pos / self.tau).sum()
            loss = loss - torch.log(top / (top + torch.exp(s_neg / self.tau).sum()))
        return loss / mask_repr.size(0)
