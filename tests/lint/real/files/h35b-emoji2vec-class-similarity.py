# Synthetic rewrite of the shape of cora1021/TreeLoss:similiarty.py at 54f9664804ab50708f2c71cff92bfd1e4f161b6f (licence NOASSERTION); not the original text.
# Class-to-class similarity for a tree-structured loss, taken from pretrained emoji vectors.
import gensim.models as gsm
import numpy as np
import torch
from sklearn.metrics.pairwise import cosine_similarity

FLOOR = 0.1
kv = gsm.KeyedVectors.load_word2vec_format("emoji2vec.bin", binary=True)
label_glyphs = ["😂", "😭", "😍", "😡", "🙄", "😎", "😴", "🙏", "😱", "😉"]

glyph_vecs = [kv[g] for g in label_glyphs]

cosine_dist = cosine_similarity(glyph_vecs)
label_sim = torch.from_numpy(cosine_dist)
# rescale so the floor maps to zero and clip anything below it
label_sim = (label_sim - FLOOR) / (1 - FLOOR)
label_sim[label_sim < 0.0] = 0.0
