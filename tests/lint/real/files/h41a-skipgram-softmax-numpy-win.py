# Synthetic rewrite of the shape of levihtkas/Embeddings_raw:numpy_model.py at d87115379c36f454f2eb9a890d46526ccb9a3716 (licence NOASSERTION); not the original text.
import numpy as np

sentences = ["a bird flew over the hill", "a bird sang on the hill", "the fox ran over the field"]
words = sorted({w for s in sentences for w in s.split()})
w2i = {w: k for k, w in enumerate(words)}
V, D, lr = len(words), 50, 0.05

pairs = []
for s in sentences:
    toks = s.split()
    for i, w in enumerate(toks):
        for j in (i - 1, i + 1):
            if 0 <= j < len(toks):
                pairs.append((w2i[w], w2i[toks[j]]))

w_in = np.random.randn(V, D) * 0.01    # centre-word lookup
w_out = np.random.randn(D, V) * 0.01   # softmax output weights


def softmax(z):
    z = np.exp(z - z.max())
    return z / z.sum()


for epoch in range(500):
    for c, o in pairs:
        h = w_in[c]
        p = softmax(h @ w_out)
        p[o] -= 1.0
        grad_in = p @ w_out.T
        w_out -= lr * np.outer(h, p)
        w_in[c] -= lr * grad_in


def vec(word):
    return w_in[w2i[word]]


def cos(a, b):
    return a @ b / (np.linalg.norm(a) * np.linalg.norm(b))


def nearest(word, k=3):
    q = vec(word)
    return sorted(((w, cos(q, vec(w))) for w in words if w != word), key=lambda t: -t[1])[:k]


print(nearest("bird"))
