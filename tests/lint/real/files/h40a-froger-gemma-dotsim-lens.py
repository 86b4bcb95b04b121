# Synthetic rewrite of the shape of FabienRoger/codes:logit_lens.py at a06e109ea5946deb2f71eb7522ed602be42ae242 (licence NOASSERTION); not the original text.
# %%
import torch
from transformers import AutoTokenizer, AutoModelForCausalLM
from codes.code import Base64

name = "google/gemma-2-9b"
lm = AutoModelForCausalLM.from_pretrained(name, torch_dtype=torch.bfloat16).cuda()
tok = AutoTokenizer.from_pretrained(name)

# %%
prompt = Base64().encode("the sky is grey and the sea is green, ")[:-4]
ids = tok(prompt, return_tensors="pt").input_ids.cuda()
out = lm.generate(ids, max_length=80, do_sample=True, temperature=0.2)
text = tok.decode(out[0], skip_special_tokens=True)
seq = tok(text, return_tensors="pt").input_ids.cuda()

# %%
pieces = tok.convert_ids_to_tokens(range(len(tok)))
words = [i for i, p in enumerate(pieces) if p.startswith("▁") and p[1:].isalpha() and p[1:].islower()]
word_str = [pieces[i][1:] for i in words]

# %%
# nearest plain words to each sequence token, by raw dot product in the input table
E = lm.get_input_embeddings()
vecs = E(seq[0])
dot_sims = torch.einsum("td,vd->tv", vecs, E.weight)[:, words]
near = dot_sims.topk(5).indices
for i in range(seq.shape[1]):
    print(repr(tok.decode(seq[0, i])), [word_str[j] for j in near[i]])

# %%
# logit lens: every hidden state through the output head
per_layer = lm.lm_head(torch.stack(lm(seq, output_hidden_states=True).hidden_states))
for L in [10, 20, 30]:
    best = per_layer[L, 0, :, words].topk(5).indices
    for i in range(best.shape[0]):
        print(tok.decode(seq[0, i]), "->", [word_str[j] for j in best[i]])
