# Synthetic rewrite of the shape of kavin525zhang/AIGC:sentence_emb/luotuo_emb.py at 7b3dd6ba5e4030687dda9468f11da9828176fc99 (licence NOASSERTION); not the original text.
from argparse import Namespace

import torch
from transformers import AutoModel, AutoTokenizer

name = "silk-road/luotuo-bert-medium"
tok = AutoTokenizer.from_pretrained(name)
opts = Namespace(do_mlm=None, pooler_type="cls", temp=0.05, mlp_only_train=False, init_embeddings_model=None)
encoder = AutoModel.from_pretrained(name, trust_remote_code=True, model_args=opts)

passages = [
    "向量检索把文本映射到连续空间，再按距离找相近的内容。",
    "语义搜索常用余弦相似度比较两个句子向量。",
    "今天的天气晴朗，适合去公园散步。",
]
batch = tok(passages, padding=True, truncation=True, return_tensors="pt")

with torch.no_grad():
    sent_vecs = encoder(**batch, output_hidden_states=True, return_dict=True, sent_emb=True).pooler_output

# pairwise cosine between the pooled sentence vectors
for i in range(len(passages)):
    for j in range(i + 1, len(passages)):
        print(i, j, torch.nn.functional.cosine_similarity(sent_vecs[i], sent_vecs[j], dim=0))
