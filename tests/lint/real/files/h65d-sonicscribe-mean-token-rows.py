# Synthetic rewrite of the shape of OmniAiOrg/SonicScribe:model/chinese_token_embeddings.py at 076143908238b77ec1956bf242d2bd9722f5a08e (licence NOASSERTION); not the original text.
"""A small character vocabulary whose vectors start from a pretrained speech decoder's token table.

The decoder ties its output projection to this table, so the table rows are also the rows
that score every token; here we only average some of them to seed new characters.
"""
import torch
import torch.nn as nn


def load_decoder_token_table(checkpoint_path):
    state = torch.load(checkpoint_path, map_location="cpu")["model_state_dict"]
    table = state["decoder.token_embedding.weight"]
    assert table.dim() == 2 and table.shape[0] > 50_000
    return table


class CharVocabEmbedding(nn.Module):
    def __init__(self, capacity, char_vocab, subword_tokenizer, checkpoint_path, seed_from_pretrained=True):
        super().__init__()
        self.char_vocab = char_vocab
        self.subword_tokenizer = subword_tokenizer
        self.pretrained_rows = load_decoder_token_table(checkpoint_path)
        width = self.pretrained_rows.shape[1]
        self.table = nn.Embedding(capacity, width)
        if seed_from_pretrained:
            self.seed_all()

    def _seed_vector(self, char):
        # one character may split into several subword ids; average their rows
        piece_ids = self.subword_tokenizer.encode(char)
        picked = self.pretrained_rows[piece_ids]
        return picked.mean(dim=0)

    def seed_all(self):
        for idx in range(len(self.char_vocab)):
            char = self.char_vocab.decode([idx])
            try:
                self.table.weight.data[idx] = self._seed_vector(char)
            except (KeyError, IndexError):
                print("could not seed", idx, char)

    def add_char(self, char):
        self.char_vocab.add(char)
        slot = self.char_vocab.encode(char)[0]
        self.table.weight.data[slot] = self._seed_vector(char)

    def grow_from_text(self, text):
        for char in text:
            if not self.char_vocab.contains(char):
                self.add_char(char)

    def forward(self, ids):
        return self.table(ids)

    def output_rows(self):
        # these rows are reused to produce logits over the character vocabulary
        return self.table.weight
