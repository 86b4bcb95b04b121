"""Tied checkpoints named with the Hub organisation that now hosts them (`google-bert/`,
`FacebookAI/`, `distilbert/`): BERT, RoBERTa and DistilBERT tie their word embeddings to the MLM
decoder and add learned absolute positions, so cosines between their token rows move with a
translation that keeps the model (the token rows by c, the position rows by -c). A RoPE model's
tied table (Gemma) stays quiet.

Shapes seen in public teaching notebooks; written for cosaudit's tests.
"""
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoModelForMaskedLM

bert = AutoModelForMaskedLM.from_pretrained("google-bert/bert-large-uncased")
words = bert.get_input_embeddings().weight
print(F.cosine_similarity(words[2001], words[2002], dim=0))  # expect: COS150

roberta = AutoModelForMaskedLM.from_pretrained("FacebookAI/roberta-base")
table = roberta.get_input_embeddings().weight
print(F.cosine_similarity(table[100], table[200], dim=0))  # expect: COS150
