"""Checkpoints that other organisations trained from BERT, RoBERTa or GPT-2 and host under their own
name (`dbmdz/bert-base-turkish-cased`, `klue/roberta-base`), and RoBERTa's and BART's multilingual
descendants (`xlm-roberta-base`, `facebook/mbart-large-50`): the same kind of architecture, which ties the
word embeddings to the LM head and adds learned absolute positions, so cosines of their token rows move
with a translation that keeps the model (the token rows by c, the position rows by -c). A pooled
output ranked against every token row is such a cosine lens (COS150).

Shape seen in public code searching a Turkish BERT's vocabulary; written for cosaudit's tests.
"""
import torch.nn.functional as F
from transformers import AutoModel, AutoTokenizer

name = "dbmdz/bert-base-turkish-cased"
tok = AutoTokenizer.from_pretrained(name)
model = AutoModel.from_pretrained(name)
table = model.embeddings.word_embeddings.weight
pooled = model(**tok("merhaba dünya", return_tensors="pt")).pooler_output
sims = F.cosine_similarity(pooled, table, dim=-1)  # expect: COS150
print(tok.convert_ids_to_tokens(sims.topk(10).indices))

klue = AutoModel.from_pretrained("klue/roberta-base")
rows = klue.get_input_embeddings().weight
print(F.cosine_similarity(rows[100], rows[200], dim=0))  # expect: COS150

xlmr = AutoModel.from_pretrained("FacebookAI/xlm-roberta-base")
pieces = xlmr.get_input_embeddings().weight
print(F.cosine_similarity(pieces[500], pieces[900], dim=0))  # expect: COS150

mbart = AutoModel.from_pretrained("facebook/mbart-large-50")
shared = mbart.get_input_embeddings().weight
print(F.cosine_similarity(shared[42], shared[43], dim=0))  # expect: COS150

# the small BERTs (`prajjwal1/bert-tiny`, Google's `bert_uncased_L-*`) through the encoder class alone:
# the pretrained table it keeps is the one the MLM head was tied to
from transformers import BertModel

tiny_name = "prajjwal1/bert-tiny"
tiny = BertModel.from_pretrained(tiny_name)
tiny_rows = tiny.embeddings.word_embeddings.weight.detach().numpy()
tiny_norms = (tiny_rows**2).sum(axis=1) ** 0.5
neighbours = (tiny_rows @ tiny_rows.T) / tiny_norms[None, :] / tiny_norms[:, None]  # expect: COS150
