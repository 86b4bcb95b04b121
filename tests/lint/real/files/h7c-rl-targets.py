# cosaudit corpus, synthetic file: same shape as 16hchung/rl_structured_text/agent/q_net/gen_target_words.py at 7e5e0fe28d6722e3d437dd6224f55de2b4ef4162 (licence NOASSERTION); new code, no text copied.
"""Pick the vocabulary words most related to a prompt, to use as reward targets for the policy."""
import torch
from transformers import GPT2LMHeadModel, GPT2Tokenizer

question = "Should schools be allowed to ban books that some parents find offensive?"

tok = GPT2Tokenizer.from_pretrained("gpt2")
lm = GPT2LMHeadModel.from_pretrained("gpt2").eval()

ids = tok.encode(question)
rows = lm.transformer.wte.weight[ids]
centre = rows.mean(dim=0, keepdim=True)
scores = lm.transformer.wte.weight @ centre.T

_, best = torch.topk(scores, k=100, dim=0)
torch.save(best, "reward_words.pt")
