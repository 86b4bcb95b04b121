# Synthetic rewrite of the shape of grandeelee/decipher-joint-lm:improve.py at 3a466500528a29a3cb4986424702ec01c3f1ca8f (licence NOASSERTION); not the original text.
import torch
from transformers import Trainer

HALF = 2000          # first half of the joint vocabulary is language A, second half language B
SPECIAL = {0, 1, 2, 3, 4}


def pick_anchor_pairs(mode, lm, step=0):
    """Choose (A-token, B-token) pairs whose table rows will be pulled together."""
    table = lm.bert.embeddings.word_embeddings.weight
    with torch.no_grad():
        rows_a = table[:HALF].clone()
        rows_b = table[HALF:].clone()
        if mode in ("dist", "iter_dist"):
            rows_a /= torch.norm(rows_a, dim=-1, keepdim=True)
            rows_b /= torch.norm(rows_b, dim=-1, keepdim=True)
            cos_dist = 1 - rows_a @ rows_b.T
            partner = torch.argmin(cos_dist, dim=-1)
            gap = cos_dist[torch.arange(HALF), partner]
            order = torch.argsort(gap).tolist()
            pairs = [(a, partner[a].item()) for a in order if a not in SPECIAL and partner[a].item() not in SPECIAL]
            firsts, seconds = zip(*pairs)
            lo = 0 if mode == "dist" else step // 500 * 50
            hi = 100 if mode == "dist" else lo + 50
            return list(firsts[lo:hi]), [b + HALF for b in seconds[lo:hi]]
    raise ValueError(mode)


class AnchoredTrainer(Trainer):
    def compute_loss(self, model, inputs, return_outputs=False):
        out = model(**inputs)
        loss = out["loss"]
        ids_a = torch.tensor([self.args.pairs_a], device=self.args.device)
        ids_b = torch.tensor([self.args.pairs_b], device=self.args.device)
        emb = model.bert.embeddings.word_embeddings
        loss = loss + 0.5 * torch.nn.functional.mse_loss(emb(ids_a), emb(ids_b), reduction="sum")
        self.args.steps_done += 1
        if self.args.steps_done % 500 == 0 and len(self.args.pairs_a) == 50:
            self.args.pairs_a, self.args.pairs_b = pick_anchor_pairs(self.args.mode, model, self.args.steps_done)
        return (loss, out) if return_outputs else loss
