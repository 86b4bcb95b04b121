# Synthetic rewrite of the shape of danavery/attention-encodings:attention_analyzer.py at 400b2289910ae7a9529660fea8b8cac3a19f690e (licence MIT); not the original text.
"""Track how far a token's residual vector drifts from its own vocabulary row, layer by layer."""
import numpy as np
import torch.nn.functional as F
from transformers import AutoModel, AutoTokenizer


class UnitRowIndex:
    """Tiny brute-force inner-product index over L2-normalised rows."""

    def __init__(self, width):
        self.width = width
        self.rows = None

    def add(self, mat):
        mat = np.asarray(mat)
        self.rows = mat / np.linalg.norm(mat, axis=1, keepdims=True)

    def query(self, vecs, k):
        vecs = np.atleast_2d(np.asarray(vecs))
        vecs = vecs / np.linalg.norm(vecs, axis=1, keepdims=True)
        scores = vecs @ self.rows.T
        order = np.argsort(-scores, axis=1)[:, :k]
        return np.take_along_axis(scores, order, axis=1), order


class DriftProbe:
    def __init__(self, checkpoint="roberta-base"):
        self.tok = AutoTokenizer.from_pretrained(checkpoint)
        self.net = AutoModel.from_pretrained(checkpoint, output_hidden_states=True)
        self.net.eval()
        table = self.net.embeddings.word_embeddings.weight.detach()
        self.vocab = self.net.config.vocab_size
        # cosine index over every row of the token table
        self.index = UnitRowIndex(table.shape[1])
        self.index.add(F.normalize(table, p=2, dim=-1).numpy())

    def drift(self, sentence):
        enc = self.tok(sentence, return_tensors="pt")
        out = self.net(**enc)
        ids = enc["input_ids"][0]
        report = []
        for pos, tid in enumerate(ids.tolist()):
            per_layer = []
            for layer in range(1, self.net.config.num_hidden_layers + 1):
                h = out.hidden_states[layer][0, pos].detach()
                h = F.normalize(h[None], p=2, dim=-1).numpy()
                sims, order = self.index.query(h, self.vocab)
                rank = int(np.nonzero(order[0] == tid)[0][0])
                per_layer.append((rank, float(sims[0, rank])))
            report.append((self.tok.convert_ids_to_tokens([tid])[0], per_layer))
        return report


if __name__ == "__main__":
    for word, trail in DriftProbe().drift("The river bank flooded after the storm"):
        print(word, [r for r, _ in trail])
