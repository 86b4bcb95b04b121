# Synthetic rewrite of the shape of homeless-vibecoder/NN_sandbox_scrap:LLM-related/experiment2.py at 745be3f6fff3b7c000f0341d91e5ae4fd8d4e18b (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer

name = "gpt2"
tok = AutoTokenizer.from_pretrained(name)
lm = AutoModelForCausalLM.from_pretrained(name).eval()

sentence = "The committee postponed the vote because the chairman had lost his umbrella."
batch = tok(sentence, return_tensors="pt")
with torch.no_grad():
    res = lm(**batch, output_hidden_states=True)

last = res.hidden_states[-1][0]                        # seq x d
logp = torch.log_softmax(res.logits[0, :-1], dim=-1)
nxt = batch.input_ids[0, 1:]
surprise = -logp.gather(-1, nxt[:, None]).squeeze(-1)

def cosine(a,b): return 1 - F.cosine_similarity(a,b,dim=-1)

jump = cosine(last[:-1], last[1:])                     # change of the context vector per step
for t, j, s in zip(batch.input_ids[0], jump, surprise):
    print(f"{tok.decode([t])!r:12} jump={j.item():.3f} surprisal={s.item():.3f}")
