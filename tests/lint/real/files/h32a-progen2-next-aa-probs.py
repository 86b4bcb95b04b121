# Synthetic rewrite of the shape of nnnnnnz/MAESD:test/progen2-small.py at 6e8c6f6a19a31412bbce3a00a0c5ea8477f3f911 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F
from tokenizers import Tokenizer
from transformers import AutoModelForCausalLM

ckpt = "hugohrban/progen2-small"
lm = AutoModelForCausalLM.from_pretrained(ckpt, trust_remote_code=True)
tok = Tokenizer.from_pretrained(ckpt)
tok.no_padding()

context = "1MKV"
ids = torch.tensor(tok.encode(context).ids).to(lm.device)

with torch.no_grad():
    scores = lm(ids).logits[-1]

# distribution over the next residue token
probs = F.softmax(scores, dim=-1)
for t in range(tok.get_vocab_size(with_added_tokens=False)):
    print(f"{tok.id_to_token(t)}\t{probs[t].item():.4f}")
