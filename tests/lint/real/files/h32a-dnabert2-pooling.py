# Synthetic rewrite of the shape of MAGICS-LAB/DNABERT_2:.github/workflows/example_huggingface_newer_than_v4_28.py at 9cfba41922c12d9d591089dd408bb1dc92af071d (licence NOASSERTION); not the original text.
import torch
from transformers import AutoModel, AutoTokenizer
from transformers.models.bert.configuration_bert import BertConfig

name = "zhihan1996/DNABERT-2-117M"
cfg = BertConfig.from_pretrained(name)
tok = AutoTokenizer.from_pretrained(name, trust_remote_code=True)
enc = AutoModel.from_pretrained(name, trust_remote_code=True, config=cfg)

seq = "TTGACAATTAATCATCGGCTCGTATAATGTGTGGAATTGTGAGCGGATAACAATT"
ids = tok(seq, return_tensors="pt")["input_ids"]
states = enc(ids)[0]                      # [1, n_tokens, 768]

# two common ways to get one vector per sequence
avg_vec = torch.mean(states[0], dim=0)
max_vec = torch.max(states[0], dim=0)[0]
print(avg_vec.shape, max_vec.shape)
