# Synthetic rewrite of the shape of XuandongZhao/NPPrompt:openprompt/prompts/emb_verbalizer.py at 2c30c7ba47bbbccd8e3e627e7b06b16c5229cf52 (licence MIT); not the original text.
"""Zero-shot verbalizer: grow each class's label words from the masked LM's own token table."""
import torch
import torch.nn as nn
from sentence_transformers import util


class NeighbourVerbalizer(nn.Module):
    def __init__(self, tokenizer, plm, class_words, top_n=40):
        super().__init__()
        self.tok = tokenizer
        self.class_words = class_words          # e.g. [[" sports"], [" business"], ...]
        self.top_n = top_n
        self.table = plm.get_input_embeddings()  # roberta-base / bert-base word table

    def expand(self, first_piece=1):
        seeds = [w for group in self.class_words for w in group]
        scores = torch.zeros(len(seeds), self.tok.vocab_size)
        for r, word in enumerate(seeds):
            seed_id = self.tok(word, return_tensors="pt").input_ids[:, first_piece]
            anchor = self.table(seed_id)
            for v in range(self.tok.vocab_size):
                other = self.table(torch.tensor([v]))
                scores[r][v] = util.cos_sim(other, anchor)[0][0].cpu()
        words, weights = [], []
        for r in range(len(seeds)):
            vals, idx = torch.topk(scores[r], self.top_n)
            words.append([self.tok.decode([i]) for i in idx])
            weights.append(vals.tolist())
        self.label_words = words
        self.label_word_weights = nn.Parameter(torch.tensor(weights), requires_grad=False)
        return self
