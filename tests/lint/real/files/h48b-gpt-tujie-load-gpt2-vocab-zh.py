# Synthetic rewrite of the shape of zhuhonghui12345/-:GPT图解电子资源/08_ChatGPT/text.py at 4a843cfa07f258cb245765bf2bff60e064e0fef4 (licence NOASSERTION); not the original text.
import torch
from transformers import GPT2Tokenizer, GPT2LMHeadModel  # 分词器与带语言模型头的 GPT-2

name = "gpt2"  # 换成 gpt2-medium 等也可以
tok = GPT2Tokenizer.from_pretrained(name)
dev = "cuda" if torch.cuda.is_available() else "cpu"  # 有显卡就用显卡
lm = GPT2LMHeadModel.from_pretrained(name).to(dev)  # 载入模型并放到设备上
vocab = tok.get_vocab()  # 词表: token -> id

print("模型结构:", lm)
print("词表大小:", len(vocab))
print("词表中间的几个词:", list(vocab)[12000:12006])
