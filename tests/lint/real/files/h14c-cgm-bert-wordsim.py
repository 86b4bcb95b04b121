# cosaudit corpus, synthetic file: same shape as CatGuyMoment/wikipedia_connector/ai_heuristic.py at 1101d23e16c6f1d1bd4dbccbcda6748ffb95c9cd (licence NOASSERTION); new code, no text copied.
"""BERT flavour of the page-title closeness score."""
import torch
import torch.nn.functional as F
from transformers import BertModel, BertTokenizer

dev = "cuda" if torch.cuda.is_available() else "cpu"
wordpiece = BertTokenizer.from_pretrained("bert-base-uncased")
bert = BertModel.from_pretrained("bert-base-uncased").to(dev).eval()
vocab_table = bert.get_input_embeddings()


def phrase_vector(text):
    pieces = wordpiece.encode(text, add_special_tokens=False)  # no [CLS] / [SEP]
    rows = vocab_table(torch.tensor(pieces, device=dev))
    return rows.mean(dim=0)


def closeness(a, b):
    va, vb = phrase_vector(a), phrase_vector(b)
    # Euclidean distance was tried first: (va - vb).norm()
    return F.cosine_similarity(va, vb, dim=-1).item()
