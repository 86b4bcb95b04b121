# Synthetic rewrite of the shape of datawhalechina/torch-rechub:torch_rechub/models/generative/hstu.py at 5a73b2eebc3a670dc64c54971cc06a78ddd55394 (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class GenerativeSeqRec(nn.Module):
    """Next-item model over a catalogue of item tokens.

    share_table: reuse the item-token table as the output projection.
    scoring: 'dot' for raw inner products, 'cosine' to put both the sequence
    state and every item row on the unit sphere before scoring.
    """

    def __init__(self, n_tokens, width=64, max_len=200, share_table=True,
                 scoring="dot", tau=1.0, eps=1e-6):
        super().__init__()
        if scoring not in ("dot", "cosine"):
            raise ValueError("scoring must be 'dot' or 'cosine'")
        self.item_table = nn.Embedding(n_tokens, width, padding_idx=0)
        self.pos_table = nn.Embedding(max_len, width)
        layer = nn.TransformerEncoderLayer(width, 2, 4 * width, batch_first=True)
        self.body = nn.TransformerEncoder(layer, 2)
        self.share_table = share_table
        self.scoring = scoring
        self.tau = tau
        self.eps = eps
        self.out_bias = nn.Parameter(torch.zeros(n_tokens))
        if not share_table:
            self.out_proj = nn.Linear(width, n_tokens)

    def forward(self, seq):
        keep = seq.ne(0)
        steps = torch.arange(seq.size(1), device=seq.device)
        h = self.item_table(seq) + self.pos_table(steps)[None]
        h = self.body(h, src_key_padding_mask=~keep)

        if self.share_table:
            W, b = self.item_table.weight, self.out_bias
        else:
            W, b = self.out_proj.weight, self.out_proj.bias

        if self.scoring == "cosine":
            h = F.normalize(h, p=2, dim=-1, eps=self.eps)
            W = F.normalize(W, p=2, dim=-1, eps=self.eps)

        logits = F.linear(h, W, b)
        return logits / self.tau
