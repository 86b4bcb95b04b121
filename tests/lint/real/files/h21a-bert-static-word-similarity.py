# Synthetic rewrite of the shape of sq-xgp/BERT-Word-Similarity:word_similarity.py at eb092b4a7b10d6d015bbedf38961b095017e1855 (licence NOASSERTION); not the original text.
"""Pick which of two words is nearer to a query word, using BERT's lookup table only."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from transformers import AutoModel, AutoTokenizer


@dataclass(frozen=True)
class Verdict:
    winner: str
    score_a: float
    score_b: float


class StaticBertNeighbours:
    def __init__(self, checkpoint: str = "bert-base-cased") -> None:
        self.tok = AutoTokenizer.from_pretrained(checkpoint)
        encoder = AutoModel.from_pretrained(checkpoint)
        # the word-piece table, which BERT also reuses as its masked-LM output matrix
        self.table = encoder.get_input_embeddings().eval()

    def vector(self, word: str) -> torch.Tensor:
        pieces = self.tok.encode(word.strip(), add_special_tokens=False)
        if not pieces:
            raise ValueError(f"nothing to embed for {word!r}")
        with torch.no_grad():
            return self.table(torch.tensor(pieces)).mean(dim=0)

    def closer(self, option_a: str, option_b: str, query: str) -> Verdict:
        q = self.vector(query)
        score1 = F.cosine_similarity(self.vector(option_a), q, dim=0).item()
        score2 = F.cosine_similarity(self.vector(option_b), q, dim=0).item()
        return Verdict(option_a if score1 >= score2 else option_b, score1, score2)


if __name__ == "__main__":
    judge = StaticBertNeighbours()
    print(judge.closer("river", "money", "bank"))
