"""Word similarity from GPT-2's input embedding module, called on a word's token ids: the rows it
looks up are the rows of the tied LM head (with learned positions to absorb a translation), averaged
over a word's tokens and cached in a dict. A helper that compares any vector with one token's
unembedding, and an unembedding module named `unembed_module`.

Shapes seen in public word-game heuristics and model-editing helpers; written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F
from transformers import GPT2Model, GPT2Tokenizer

tokenizer = GPT2Tokenizer.from_pretrained("gpt2")
model = GPT2Model.from_pretrained("gpt2")
embedding_layer = model.get_input_embeddings()
cache = {}


def embed_word(word):
    if cache.get(word) is not None:
        return cache[word]
    ids = torch.tensor(tokenizer.encode(word, add_prefix_space=True))
    vector = torch.mean(embedding_layer(ids), dim=0)
    cache[word] = vector
    return vector


def score(word1, word2):
    return F.cosine_similarity(embed_word(word1), embed_word(word2), dim=-1).item()  # expect: COS150


def cosine(a, b):
    return F.cosine_similarity(a.flatten().float().unsqueeze(0), b.flatten().float().unsqueeze(0)).item()


class Probe:
    def answer_row(self, answer):
        ids = self.tokenizer.encode(answer, add_special_tokens=False)
        return self.model.W_U[:, ids[0]]

    def per_layer(self, answer, cache):
        row = self.answer_row(answer)
        return [cosine(cache[f"blocks.{i}.hook_mlp_out"][0, -1], row) for i in range(4)]  # expect: COS120

    def alignment(self, write):
        unembed = self.topology.unembed_module.weight
        return F.cosine_similarity(write.unsqueeze(0), unembed, dim=1).topk(10)  # expect: COS120


def centred_cosine(feats, rows):
    feats = feats - torch.mean(feats, dim=0, keepdim=True)
    rows = rows - torch.mean(rows, dim=0, keepdim=True)
    return torch.mean(F.cosine_similarity(feats, rows, dim=1))


# look-alikes
optimality = centred_cosine(features, classifier_net.classifier.weight[target, :])
hidden_pair = cosine(cache["blocks.1.hook_resid_post"][0, -1], cache["blocks.2.hook_resid_post"][0, -1])
logits = model.get_input_embeddings().weight @ hidden
