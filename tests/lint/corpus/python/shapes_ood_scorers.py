"""Post-hoc scorers and probes that rank one vector against the head's unit rows, written the ways
seen in OOD-detection, open-set and memory-probe code: the unit rows kept under a name that reads
like class means (`prototypes = F.normalize(model.classifier.weight)`), a scorer class whose `fit`
stores the unit rows after the method that uses them, a helper given GPT-2's unit token rows (tied
to its head, with learned positions) by the caller, and a token table centred over the vocabulary
only when a switch is on (its default, unless a call turns it off). The look-alikes stay quiet:
each row against its own class mean, the helper given raw rows (logits), the centred default, the
unit token rows taken through the attention weights (a QK circuit) or multiplied on through an MLP
without being ranked.

Shapes seen in public OOD and interpretability code; written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F
from scipy.cluster.hierarchy import linkage


def open_set_scores(model, loader):
    for x in loader:
        out = model(x)
        z = F.normalize(out["embedding"], p=2, dim=1)
        prototypes = F.normalize(model.classifier.weight, p=2, dim=1)
        sim = torch.matmul(z, prototypes.t())  # expect: COS120
        yield sim.max(dim=1).values


def self_duality(model, class_means):
    rows = F.normalize(model.classifier.weight, dim=1)
    prototypes = F.normalize(class_means, dim=1)
    return (rows * prototypes).sum(dim=1)


class CosineScorer:
    def __init__(self):
        self.W = None

    def score_batch(self, model, batch):
        z = model.features(batch)
        return self.energy(z)  # expect: COS120

    def fit(self, model):
        self.W = model.fc.weight / model.fc.weight.norm(dim=1, keepdim=True)

    def energy(self, z):
        logits = F.normalize(z, dim=1) @ self.W.T
        return -torch.logsumexp(logits, dim=1)


def probe_text(hybrid, text, token_rows):
    h = F.normalize(hybrid.memory_state(text), dim=-1)
    return h @ token_rows.T


def memory_probe(hybrid):
    unit_rows = F.normalize(hybrid.gpt2.transformer.wte.weight, dim=-1)
    sims = probe_text(hybrid, "The capital of France is", unit_rows)  # expect: COS150
    print(sims.topk(5).indices)
    raw = probe_text(hybrid, "The capital of France is", hybrid.gpt2.lm_head.weight)
    print(raw.topk(5).indices)


def vocabulary_rows(model, ids, subtract_mean=True):
    table = model.get_input_embeddings().weight
    with torch.no_grad():
        if subtract_mean:
            table = table - table.mean(dim=0, keepdim=True)
        return table[ids].numpy()


def dendrogram_of(model, ids):
    rows = vocabulary_rows(model, ids)
    return linkage(rows, method="average", metric="cosine")  # expect: COS110


def raw_dendrogram_of(model, ids):
    table = model.get_input_embeddings().weight[ids].numpy()
    return linkage(table, method="average", metric="cosine")  # expect: COS150


def qk_circuit(model, query_rows):
    token_rows = model.gpt2.transformer.wte.weight
    unit_tokens = token_rows / token_rows.norm(dim=-1, keepdim=True)
    scores = (unit_tokens @ (model.W_Q[0, 7] @ model.W_K[0, 7].T)) @ unit_tokens.T
    through_mlp = (unit_tokens @ query_rows) @ model.blocks[1].mlp.W_in
    return scores, through_mlp
