# cosaudit corpus, synthetic file: same shape as ImDB0oo1/Out_of_distribution_detection/cosine_similarity.py at 5e879e65a14e62c12551a7cc629c64afc4b55ad7 (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch
from sklearn.metrics.pairwise import cosine_similarity
from transformers import BertModel, BertTokenizer, LongformerModel, LongformerTokenizer

long_tok = LongformerTokenizer.from_pretrained("allenai/longformer-base-4096")
long_enc = LongformerModel.from_pretrained("allenai/longformer-base-4096").eval()
word_tok = BertTokenizer.from_pretrained("bert-base-uncased")
word_enc = BertModel.from_pretrained("bert-base-uncased").eval()


def cls_vector(text, tok, enc):
    ids = torch.tensor([tok.encode(text, add_special_tokens=True)])
    with torch.no_grad():
        hidden = enc(ids)[0]
    return hidden[:, 0, :].numpy()


review = "A prison drama that does not flinch: violent, crowded with factions, and hard to stop watching."
topic = "watching"

doc_vec = cls_vector(review, long_tok, long_enc)
topic_vec = cls_vector(topic, word_tok, word_enc)

doc_vec = doc_vec / np.linalg.norm(doc_vec, axis=1, keepdims=True)
topic_vec = topic_vec / np.linalg.norm(topic_vec, axis=1, keepdims=True)
print(np.linalg.norm(doc_vec), np.linalg.norm(topic_vec))
print(cosine_similarity(doc_vec, topic_vec))
