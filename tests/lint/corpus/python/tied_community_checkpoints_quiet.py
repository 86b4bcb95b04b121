"""A sentence-transformers model built on BERT keeps BERT's word table but no LM head: its token rows
are an input table only, and ranking them against a sentence embedding is no head's geometry (quiet).
The quiet twin of `tied_community_checkpoints.py` (the tie is decided per file and per loaded model).

Written for cosaudit's tests.
"""
import torch.nn.functional as F
from transformers import AutoModel, AutoTokenizer

name = "sentence-transformers/bert-base-nli-mean-tokens"
tok = AutoTokenizer.from_pretrained(name)
encoder = AutoModel.from_pretrained(name)
table = encoder.embeddings.word_embeddings.weight
sentence = encoder(**tok("a quiet evening", return_tensors="pt")).last_hidden_state.mean(1)
sims = F.cosine_similarity(sentence, table, dim=-1)
print(tok.convert_ids_to_tokens(sims.topk(10).indices))

# DeBERTa-v3 reads positions as relative biases, with no absolute position table beside its tied one
deberta = AutoModel.from_pretrained("microsoft/deberta-v3-base")
rows = deberta.get_input_embeddings().weight
print(F.cosine_similarity(rows[100], rows[200], dim=0))

# the same sentence-transformers checkpoint through BERT's own encoder class
from transformers import BertModel

st = BertModel.from_pretrained("sentence-transformers/all-MiniLM-L6-v2")
st_rows = st.embeddings.word_embeddings.weight
print(F.cosine_similarity(st_rows[7], st_rows[9], dim=0))
