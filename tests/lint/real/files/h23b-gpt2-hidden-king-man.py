# Synthetic rewrite of the shape of MartinEnke/AI_information:dimensions.py at d936893638342fbec85c8c3a8f567a28f9342f65 (licence NOASSERTION); not the original text.
import torch
import matplotlib.pyplot as plt
from sklearn.decomposition import PCA
from sklearn.metrics.pairwise import cosine_similarity
from sklearn.preprocessing import normalize
from transformers import GPT2Model, GPT2Tokenizer

tok = GPT2Tokenizer.from_pretrained("gpt2")
tok.pad_token = tok.eos_token
encoder = GPT2Model.from_pretrained("gpt2")

vocab_probe = ["prince", "princess", "boy", "girl", "horse", "cow", "justice", "joy", "android", "person"]
batch = tok(vocab_probe, return_tensors="pt", padding=True, add_special_tokens=False)

with torch.no_grad():
    final_states = encoder(**batch).last_hidden_state

# first position of each word after all transformer blocks
word_vecs = final_states[:, 0, :].numpy()
coords = PCA(n_components=2).fit_transform(normalize(word_vecs))

fig, ax = plt.subplots(figsize=(9, 6))
for (px, py), w in zip(coords, vocab_probe):
    ax.scatter(px, py)
    ax.annotate(w, (px + 0.01, py + 0.01))
ax.set_title("GPT-2 word vectors projected to 2D")
plt.show()

# The 2D picture loses information; check closeness in the full space instead.
a = vocab_probe.index("prince")
b = vocab_probe.index("boy")
sim_ab = cosine_similarity([word_vecs[a]], [word_vecs[b]])
print(f"cosine(prince, boy) = {sim_ab[0][0]:.3f}")
# near 1: alike, near 0: unrelated
