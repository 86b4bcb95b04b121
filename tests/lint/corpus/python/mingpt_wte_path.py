"""Token neighbours in a character model trained with minGPT, which keeps `transformer.wte` apart from its
`lm_head` (no tie): the table's cosines are input-embedding geometry, which cosaudit leaves alone.

Shape seen in public minGPT character-model notebooks; written for cosaudit's tests.
"""
import torch.nn.functional as F
from mingpt.model import GPT

model = GPT(GPT.get_default_config())
table = F.normalize(model.transformer.wte.weight.detach(), dim=1)
print((table @ table.T).topk(5, dim=1).indices[:10])
