# Synthetic rewrite of the shape of THUwangcy/ReChorus:src/models/sequential/TiMiRec.py at e58d752558634d42be60de561d6f74df748583cc (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class TargetInterestDistillRec(nn.Module):
    """Multi-interest sequential recommender whose interest router is distilled from the
    interest that best matches the target item (teacher signal) into a history-only predictor."""

    def __init__(self, extractor, predictor, emb_size, n_interests, temp=1.0, stage="finetune"):
        super().__init__()
        self.extractor = extractor        # owns item_emb (nn.Embedding) and position embeddings
        self.predictor = predictor
        self.router = nn.Sequential(nn.Linear(emb_size, emb_size), nn.ReLU(), nn.Linear(emb_size, n_interests))
        self.temp = temp
        self.stage = stage

    @staticmethod
    def similarity(a, b):  # cosine
        return (F.normalize(a, dim=-1) * F.normalize(b, dim=-1)).sum(dim=-1)

    def forward(self, batch):
        items, history, lengths = batch["item_id"], batch["history_items"], batch["lengths"]
        interest_vectors = self.extractor(history, lengths)             # B, K, d
        item_vecs = self.extractor.item_emb(items)               # B, n_candidates, d
        out = {}
        route_logits = self.router(self.predictor(history, lengths))
        if batch["phase"] == "train":
            target_vector = item_vecs[:, 0]
            # teacher: cosine of every interest vector with the target item's embedding
            out["target_intent"] = self.similarity(interest_vectors, target_vector.unsqueeze(1))
            out["pred_intent"] = route_logits
        user = (interest_vectors * route_logits.softmax(-1).unsqueeze(-1)).sum(dim=1)
        out["prediction"] = (user.unsqueeze(1) * item_vecs).sum(-1)
        return out

    def loss(self, out):
        scores = out["prediction"]
        pos, neg = scores[:, :1], scores[:, 1:]
        w = (neg - neg.max()).softmax(dim=1)
        rank = -((pos - neg).sigmoid() * w).sum(1).clamp(1e-8, 1 - 1e-8).log().mean()
        student = F.log_softmax(out["pred_intent"] / self.temp, dim=1)
        teacher = F.softmax(out["target_intent"].detach() / self.temp, dim=1)
        return rank + self.temp ** 2 * F.kl_div(student, teacher, reduction="batchmean")
