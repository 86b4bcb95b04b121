# Synthetic rewrite of the shape of nnn112358/PyTorchIntroduction:Chapter6/ex_6_4.py at 7f5b721e71071a5f06c8e1122fb915c0f870174c (licence NOASSERTION); not the original text.
""" 教科書の例: 行ごとのコサイン類似度モジュールの呼び出し方。"""
import torch
import torch.nn as nn

# 署名: torch.nn.CosineSimilarity(dim=1, eps=1e-08)

a = torch.randn(64, 32)
b = torch.randn(64, 32)
row_cos = nn.CosineSimilarity(dim=1, eps=1e-6)
scores = row_cos(a, b)  # 形状 (64,)
