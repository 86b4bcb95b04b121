# cosaudit corpus, synthetic file: same shape as phiriv/alignment_jam_2022/scan/view_deembed.py at f6d10a62bb56e5c54018fea73081c41916031e3e (licence NOASSERTION); new code, no text copied.
import sys

import torch
from easy_transformer import EasyTransformer

dim = int(sys.argv[1])
torch.set_grad_enabled(False)
model = EasyTransformer.from_pretrained("gpt2")

# what does one residual coordinate vote for?
column_of_dim = model.unembed.W_U[dim]          # (vocab,)
ranked = sorted(((v.item(), t) for t, v in enumerate(column_of_dim)), reverse=True)
for rank, (v, t) in enumerate(ranked):
    word = model.tokenizer.decode(t)
    if rank < 40 or rank > len(ranked) - 20:
        print(rank, repr(word), round(v, 4))
