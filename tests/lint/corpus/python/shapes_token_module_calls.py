# expect: COS301
"""A token table's module called by its attribute path, and a list of per-word row selections.

A BERT tutorial looks words up by calling `model.embeddings.word_embeddings(torch.tensor([i]))` and
compares them with a `CosineSimilarity(dim=1)` object; a GPT-2 notebook builds
`[model.wte.weight[tok.encode(w), :] for w in words]` and loops over it, taking each selection's first
row. Quiet look-alikes: a rotary model's `embed_tokens` called the same way, and a list of hidden
states.

Shapes seen in public tutorials and word-similarity notebooks; written for cosaudit's tests.
"""
import torch
from numpy import dot
from numpy.linalg import norm
from transformers import AutoModelForCausalLM, AutoTokenizer, BertModel, BertTokenizer, GPT2Model, GPT2Tokenizer

bert_tok = BertTokenizer.from_pretrained("bert-base-uncased")
bert = BertModel.from_pretrained("bert-base-uncased")
king = bert.embeddings.word_embeddings(torch.tensor([bert_tok.convert_tokens_to_ids("king")]))
queen = bert.embeddings.word_embeddings(torch.tensor([bert_tok.convert_tokens_to_ids("queen")]))
cos = torch.nn.CosineSimilarity(dim=1)
print(cos(king, queen)[0])  # expect: COS150

gpt_tok = GPT2Tokenizer.from_pretrained("gpt2")
gpt = GPT2Model.from_pretrained("gpt2")


def word_similarities(base_word, candidates):
    base = gpt.wte.weight[gpt_tok.encode(base_word, add_prefix_space=True), :][0].detach().numpy()
    rows = [gpt.wte.weight[gpt_tok.encode(w, add_prefix_space=True), :] for w in candidates]
    scores = []
    for row in rows:
        row = row[0].detach().numpy()
        scores.append(dot(base, row) / (norm(base) * norm(row)))  # expect: COS150
    return scores


print(word_similarities("yellow", ["blue", "car", "red"]))

# quiet: a rotary model's token table (fixed by the inputs alone)
llama = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-3.2-1B")
llama_tok = AutoTokenizer.from_pretrained("meta-llama/Llama-3.2-1B")
river = llama.model.embed_tokens(torch.tensor([llama_tok.encode("river")[-1]]))
bank = llama.model.embed_tokens(torch.tensor([llama_tok.encode("bank")[-1]]))
print(cos(river, bank))

# quiet: hidden states of two prompts, listed
states = [gpt(torch.tensor([gpt_tok.encode(p)])).last_hidden_state[0] for p in ["a cat", "a dog"]]
for state in states:
    print(dot(state[-1], states[0][-1]) / (norm(state[-1]) * norm(states[0][-1])))
