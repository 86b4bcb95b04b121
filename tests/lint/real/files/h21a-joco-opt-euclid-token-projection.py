# Synthetic rewrite of the shape of nataliemaus/joco_icml24:joco/tasks/llm_tasks/utils/token_embedder.py at c7a049662f3e292e5e6c243563a179e3145d3974 (licence NOASSERTION); not the original text.
"""Map continuous prompt vectors found by an optimiser back to real OPT tokens."""
import torch

from promptopt.paths import OPT_CHECKPOINT


class VocabProjector:
    def __init__(self, allowed_tokens):
        from transformers import AutoModelForCausalLM, AutoTokenizer

        tok = AutoTokenizer.from_pretrained(OPT_CHECKPOINT)
        lm = AutoModelForCausalLM.from_pretrained(OPT_CHECKPOINT)
        vocab = tok.get_vocab()
        keep = sorted(vocab[t] for t in set(vocab) & set(allowed_tokens))
        self.words = [w for w, i in sorted(vocab.items(), key=lambda kv: kv[1]) if i in set(keep)]
        self.table = lm.get_input_embeddings().weight[keep].unsqueeze(0)   # (1, V', d)
        self.head = lm.get_output_embeddings().weight.detach()            # kept for later use

    def snap(self, vectors):
        """vectors: (n, d) -> space-joined nearest tokens by Euclidean distance."""
        distances = torch.norm(self.table - vectors.unsqueeze(1), dim=2)   # (n, V')
        picks = distances.argmin(dim=1).tolist()
        return " ".join(self.words[i] for i in picks).replace("Ġ", " ")

    def snap_batch(self, batch):
        return [self.snap(batch[b]) for b in range(batch.shape[0])]

    def spread(self):
        """Average pairwise Euclidean distance between the kept rows (for scaling the search box)."""
        d = torch.cdist(self.table, self.table)
        upper = torch.triu(d, diagonal=1)
        n = self.table.shape[1]
        return (upper.sum() / (n * (n - 1) / 2)).item()

    def stats(self):
        return self.table.mean().item(), self.table.std().item()
