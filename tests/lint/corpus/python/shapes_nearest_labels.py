# expect: COS301
"""Nearest-label helpers: functions of a module outside the scan named for the nearest labels by
similarity (`find_closest_tokens`, `nearest_neighbours`, `most_similar`, `get_similar_words`,
`knn_tokens`), given the head beside a label to look up and a tokenizer: they rank the other rows
by their similarity with that label's row (warnings, medium confidence: only the name says so).
The look-alikes stay quiet: the same helpers given hidden states, the input embeddings, a
sentence-embedding model or word2vec vectors; helpers that decode logits
(`closest_tokens_to_logits`, `decode`, `top_tokens`); `nearest` helpers over class means or
features; a plot or a loss named for neighbours.

Shapes seen in public token-geometry notebooks; written for cosaudit's tests.
"""
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

import geometry_utils as gu
from unembeddings import find_closest_tokens, get_similar_words, knn_tokens, most_similar, nearest_neighbours

model = AutoModelForCausalLM.from_pretrained("gpt2")
tokenizer = AutoTokenizer.from_pretrained("gpt2")
lm_head_weight = model.lm_head.weight.detach()
animals = ["cat", "dog", "horse"]

results = {}
for animal in animals:
    results[animal] = find_closest_tokens(animal, tokenizer, lm_head_weight, top_k=5)  # expect: COS101
by_id = nearest_neighbours(lm_head_weight, token_id=1234, k=10)  # expect: COS101
similar = most_similar("king", tokenizer, model.lm_head.weight)  # expect: COS101
words = get_similar_words(tokenizer, "paris", W=lm_head_weight)  # expect: COS101
knn = gu.knn_tokens(lm_head_weight, tokenizer.encode(" cat")[0], 8)  # expect: COS101
top = gu.top_similar(lm_head_weight, "river", tokenizer)  # expect: COS101

# quiet: other vectors, other matrices, logits, class means, plots
hidden_states = model(**tokenizer("a cat", return_tensors="pt"), output_hidden_states=True).hidden_states[-1]
wte = model.get_input_embeddings().weight
near_states = find_closest_tokens(hidden_states[0, -1], tokenizer, lm_head_weight)
near_inputs = nearest_neighbours(wte, token_id=1234, k=10)
encoder = gu.load_sentence_model("all-MiniLM-L6-v2")
near_sentences = most_similar("king", encoder)
wv = gu.load_word2vec("vectors.bin")
near_w2v = wv.most_similar("king", topn=10)
logits = model(**tokenizer("a cat", return_tensors="pt")).logits
decoded = gu.closest_tokens_to_logits(logits[0, -1], tokenizer, lm_head_weight)
text = gu.decode(logits.argmax(-1), tokenizer)
best = gu.top_tokens(logits, tokenizer)
class_means = torch.randn(10, 768)
nearest_mean = gu.nearest_class_mean(hidden_states[0], class_means)
near_features = gu.nearest_neighbors(torch.randn(5, 768), lm_head_weight)
gu.plot_nearest_tokens("cat", tokenizer, lm_head_weight)
penalty = gu.neighbour_loss(lm_head_weight, tokenizer)
