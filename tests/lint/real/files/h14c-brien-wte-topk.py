# cosaudit corpus, synthetic file: same shape as brien60/Linear-Semester-1-Reflection/main.py at 452777f86d2c9d48762f6df128630fb9d3f80b6c (licence NOASSERTION); new code, no text copied.
import tiktoken
import torch
from transformers import GPT2LMHeadModel

bpe = tiktoken.get_encoding("gpt2")
query = " " + input("Type a simple word: ").strip()
ids = torch.tensor(bpe.encode(query))

lm = GPT2LMHeadModel.from_pretrained("gpt2")
table = lm.transformer.wte.weight  # (vocab, 768) token embedding table

# one vector per word: average its sub-word rows, then make it unit length
q = table[ids].mean(dim=0)
q = q / q.norm()

# unit-length copy of every row of the table
rows = table / table.norm(dim=1, keepdim=True)

scores = rows @ q  # cosine of the word with every token
scores[ids] = float("-inf")  # skip the word's own pieces

K = 15
best = torch.topk(scores, K).indices
print(f"\n{K} closest tokens:")
for rank, tok in enumerate(best.tolist(), start=1):
    print(f"{rank:2d}. {bpe.decode([tok])!r}")
