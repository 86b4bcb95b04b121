# Synthetic rewrite of the shape of TTMVW/KAN:mud_waveletKAN_02.py at 585077ae66e63d30c43c40cdc95fe247bac5fbbe (licence NOASSERTION); not the original text.
"""Decode a vector produced by a small generative model into words by comparing it with BERT's token table."""
import torch
import torch.nn.functional as F
from transformers import BertModel, BertTokenizer


class TableDecoder:
    def __init__(self, latent_model, scaler):
        self.latent_model = latent_model
        self.scaler = scaler
        self.tok = BertTokenizer.from_pretrained("bert-base-uncased")
        self.bert = BertModel.from_pretrained("bert-base-uncased")

    @torch.no_grad()
    def sample_words(self, prompt=None, n_words=40, temperature=0.7):
        table = self.bert.embeddings.word_embeddings.weight          # (vocab, 768)
        if prompt is not None:
            batch = self.tok(prompt, return_tensors="pt", truncation=True)
            pooled = self.bert(**batch).last_hidden_state.mean(dim=1)
            z = self.latent_model.encode(torch.as_tensor(self.scaler.transform(pooled.numpy())))
        else:
            z = torch.randn(1, self.latent_model.latent_dim)
        vec = torch.as_tensor(self.scaler.inverse_transform(self.latent_model.decode(z).numpy()),
                              dtype=table.dtype)

        # cosine of the generated vector against every token row
        scores = F.cosine_similarity(vec, table, dim=-1)
        words = []
        for _ in range(n_words):
            pick = torch.multinomial(torch.softmax(scores / temperature, dim=-1), 1).item()
            words.append(self.tok.convert_ids_to_tokens(pick))
            # next step: the chosen token's own row against all rows
            scores = F.cosine_similarity(table[pick][None, :], table, dim=-1)
        return " ".join(words).replace(" ##", "")
