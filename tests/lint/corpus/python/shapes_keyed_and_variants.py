"""Rows kept in a dict filled key by key, and a table passed through a list of named variants.

A page-title heuristic caches each title's mean GPT-2 token row in a module-level dict inside its
helper (`_memo[title] = lookup(ids).mean(0)`, then `return _memo[title]`); a script keeps averaged
`lm_head` rows of each label's tokens in a dict; a word-similarity benchmark runs every table through
`[("raw", lambda r: r), ("scaled", scale)]` before its cosines. Quiet look-alikes: the same cache of a
rotary model's token rows, hidden states cached by prompt, and variants that all centre the rows.

Shapes seen in public word-game heuristics and token-table benchmarks; written for cosaudit's tests.
"""
import numpy as np
import torch
import torch.nn.functional as F
from transformers import AutoModel, AutoModelForCausalLM, AutoTokenizer, GPT2Model, GPT2Tokenizer

_memo = {}
gpt, tok = GPT2Model.from_pretrained("gpt2"), GPT2Tokenizer.from_pretrained("gpt2")
lookup = gpt.get_input_embeddings()


def title_vector(title):
    if title not in _memo:
        ids = torch.tensor(tok.encode(title, add_prefix_space=True))
        _memo[title] = lookup(ids).mean(dim=0)
    return _memo[title]


def closeness(a, b):
    return F.cosine_similarity(title_vector(a), title_vector(b), dim=-1).item()  # expect: COS150


lm = AutoModelForCausalLM.from_pretrained("EleutherAI/pythia-160m")
lm_tok = AutoTokenizer.from_pretrained("EleutherAI/pythia-160m")
label_vecs = {}
for label in ["positive", "negative", "neutral"]:
    ids = lm_tok(" " + label, add_special_tokens=False).input_ids
    label_vecs[label] = lm.embed_out.weight[ids].mean(0)
print(F.cosine_similarity(label_vecs["positive"], label_vecs["negative"], dim=0))  # expect: COS101


def scale(rows):
    return rows / rows.std(0, keepdims=True)


VARIANTS = [("raw", lambda r: r), ("scaled", scale)]


def cos_scores(table, pairs):
    a = table[np.array([p[0] for p in pairs])]
    b = table[np.array([p[1] for p in pairs])]
    return np.einsum("ij,ij->i", a, b) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))


for name in ["gpt2", "bert-base-cased"]:
    table = AutoModel.from_pretrained(name).get_input_embeddings().weight.detach().numpy()
    for variant, transform in VARIANTS:
        print(name, variant, cos_scores(transform(table), [(1, 2), (3, 4)]))  # expect: COS150


# quiet: a rotary model's token rows (its table is fixed by the inputs alone)
llama = AutoModel.from_pretrained("meta-llama/Llama-3.2-1B")
llama_tok = AutoTokenizer.from_pretrained("meta-llama/Llama-3.2-1B")
rope_rows = {}
for word in ["river", "bank"]:
    rope_rows[word] = llama.get_input_embeddings()(torch.tensor(llama_tok.encode(word))).mean(0)
print(F.cosine_similarity(rope_rows["river"], rope_rows["bank"], dim=0))

# quiet: hidden states cached by prompt
states = {}
for prompt in ["the river bank", "the savings bank"]:
    out = gpt(torch.tensor([tok.encode(prompt)]))
    states[prompt] = out.last_hidden_state[0, -1]
print(F.cosine_similarity(states["the river bank"], states["the savings bank"], dim=0))

# centred in every variant: the translation is gone (reported as info only)
CENTRED = [("centred", lambda r: r - r.mean(0)), ("centred_scaled", lambda r: scale(r - r.mean(0)))]
gpt_table = gpt.wte.weight.detach().numpy()
for variant, transform in CENTRED:
    print(variant, cos_scores(transform(gpt_table), [(1, 2)]))  # expect: COS110
