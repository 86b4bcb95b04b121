# Synthetic rewrite of the shape of Facico/MVRE:lit_models/transformer.py at 5d061f6102f9edbfb6afd30848893aad5a3d7adc (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


class MultiViewPromptRE:
    """Prompt-based relation extraction with a masked LM (RoBERTa, tied input/output tables).

    Every relation owns `n_views` new vocabulary tokens ([rel{i}_{v}]); the score of a relation at
    the [MASK] position is the MLM logit of its virtual tokens.
    """

    def __init__(self, mlm, view_token_ids, n_views=3, spread=0.1):
        self.mlm = mlm
        self.view_token_ids = view_token_ids  # list over relations of list over views of token id
        self.n_views = n_views
        self.spread = spread
        tied_in = self.mlm.get_input_embeddings().weight
        assert torch.equal(tied_in, self.mlm.get_output_embeddings().weight)

    def label_rows(self):
        head = self.mlm.get_output_embeddings().weight
        per_view = [[] for _ in range(self.n_views)]
        for rel_views in self.view_token_ids:
            for v, tok in enumerate(rel_views):
                per_view[v].append(head[tok])
        return [torch.stack(rows) for rows in per_view]

    def view_agreement_loss(self):
        rows = self.label_rows()
        n_rel = rows[0].size(0)
        pull = rows[0].new_zeros(())
        push = rows[0].new_zeros(())
        # the views of one relation should point the same way
        for a in range(self.n_views):
            for b in range(a + 1, self.n_views):
                pull = pull + (1 - F.cosine_similarity(rows[a], rows[b], dim=-1)).sum()
        # within one view, different relations should be spread apart
        for v in range(self.n_views):
            pairwise = F.cosine_similarity(rows[v].unsqueeze(1), rows[v].unsqueeze(0), dim=-1)
            push = push + (1 - pairwise).sum()
        denom_push = self.n_views * n_rel * (n_rel + 1) / 2
        if self.n_views == 1:
            return -self.spread * push / denom_push
        denom_pull = n_rel * self.n_views * (self.n_views - 1) / 2
        return pull / denom_pull - self.spread * push / denom_push
