# Synthetic rewrite of the shape of LostAndFound0426/GAPrompt:lit_models/transformer.py at f41d0b4e33a9be57b85a9e1217f29e0ceb60ab74 (licence NOASSERTION); not the original text.
"""Prompt-based relation extraction with a masked LM: each relation is answered by one virtual label word per
[MASK] slot; a regulariser pulls a relation's own label words together and pushes different relations apart."""
import torch
import torch.nn.functional as F


class LabelWordRegulariser:
    def __init__(self, mlm, relation_to_token_ids, n_slots):
        self.mlm = mlm                      # e.g. RobertaForMaskedLM with extra relation tokens
        self.rel2ids = relation_to_token_ids  # list over relations of [token id per slot]
        self.n_slots = n_slots

    def loss(self, beta=0.1):
        out_rows = self.mlm.get_output_embeddings().weight     # (vocab, hidden): the MLM decoder rows
        n_rel = len(self.rel2ids)
        pull, push = 0.0, 0.0
        per_slot = [[] for _ in range(self.n_slots)]
        for ids in self.rel2ids:
            rows = [out_rows[ids[s]] for s in range(self.n_slots)]
            for s in range(self.n_slots):
                per_slot[s].append(rows[s])
            # same relation, different slots: should point the same way
            for a in range(self.n_slots):
                for b in range(a + 1, self.n_slots):
                    pull = pull + 1 - F.cosine_similarity(rows[a][None], rows[b][None]).squeeze()
        for s in range(self.n_slots):
            R = torch.stack(per_slot[s])                         # (n_rel, hidden)
            cos = F.cosine_similarity(R[:, None, :], R[None, :, :], dim=-1)
            push = push + (1 - cos).sum()
        norm_push = push / self.n_slots / n_rel / (n_rel + 1) / 2
        if self.n_slots == 1:
            return -beta * norm_push
        return pull / n_rel / self.n_slots / (self.n_slots - 1) / 2 - beta * norm_push


def training_step(batch, mlm, regulariser, ce, args):
    logits = mlm(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"]).logits
    mask_pos = (batch["input_ids"] == args.mask_token_id).nonzero(as_tuple=True)[1]
    mask_logits = logits[torch.arange(logits.size(0)), mask_pos]
    loss = ce(mask_logits, batch["labels"])
    if args.use_label_regulariser:
        loss = loss + args.latent_ratio * regulariser.loss(beta=args.encoding_beta)
    return loss
