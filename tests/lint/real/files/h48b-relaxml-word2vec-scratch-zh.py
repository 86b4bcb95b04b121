# Synthetic rewrite of the shape of relaxdl/relaxml:relaxml/pytorch/nlp/word2vec_scratch.py at f171a003be54f9aa97d28558aca359c1e5ceed40 (licence NOASSERTION); not the original text.
import torch
from torch import nn


def skipgram_scores(center_ids, ctx_ids, emb_center: nn.Embedding, emb_ctx: nn.Embedding):
    # 中心词向量与上下文/噪声词向量逐一做内积, 交给 sigmoid 二元交叉熵
    v = emb_center(center_ids)          # [B, 1, d]
    u = emb_ctx(ctx_ids)                # [B, L, d]
    return torch.bmm(v, u.transpose(1, 2))


def build_net(n_vocab: int, dim: int) -> nn.Sequential:
    # 两张独立的词表: 第 0 张是中心词向量, 第 1 张是上下文词向量
    return nn.Sequential(nn.Embedding(n_vocab, dim), nn.Embedding(n_vocab, dim))


def nearest_words(word: str, topn: int, vocab, table: nn.Embedding) -> None:
    # E: [词表大小, 维度], 每一行是一个词的中心词向量
    E = table.weight.detach()
    q = E[vocab[word]]
    # 用余弦相似度找近义词, 分母加一个小数防止除零
    sims = (E @ q) / torch.sqrt((E * E).sum(1) * (q * q).sum() + 1e-9)
    best = torch.topk(sims, k=topn + 1).indices.tolist()
    for idx in best[1:]:   # 第一个是查询词自己, 跳过
        print(f'{vocab.to_tokens(idx)}: cos={sims[idx].item():.3f}')


if __name__ == '__main__':
    from my_ptb import load_vocab_and_train   # 训练循环省略
    net, vocab = load_vocab_and_train(epochs=5, dim=100)
    nearest_words('chip', 3, vocab, net[0])
