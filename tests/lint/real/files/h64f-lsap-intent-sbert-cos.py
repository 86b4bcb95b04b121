# Synthetic rewrite of the shape of DigitalVeer/Label-Semantic-Aware-Pretraining:nlp_project/eval/eval.py at 6bbb4390695387ba483d6a5b3b5131a552399257 (licence NOASSERTION); not the original text.
"""Score generated intent names (a T5 model writes the intent as text) against the gold names."""
import json
from dataclasses import dataclass

from sentence_transformers import SentenceTransformer, util


@dataclass
class IntentNameSimilarity:
    encoder_name: str = "sentence-transformers/all-MiniLM-L6-v2"

    def __post_init__(self):
        self.encoder = SentenceTransformer(self.encoder_name)

    def cosine(self, gold: str, predicted: str) -> float:
        a = self.encoder.encode(gold, convert_to_tensor=True)
        b = self.encoder.encode(predicted, convert_to_tensor=True)
        return util.cos_sim(a, b).item()

    def show(self, gold: str, predicted: str) -> None:
        print(f"gold={gold!r} predicted={predicted!r} similarity={100 * self.cosine(gold, predicted):.1f}%")


@dataclass
class IntentScorer:
    predictions_path: str
    gold_path: str
    sim: IntentNameSimilarity

    def read(self):
        with open(self.predictions_path) as fp, open(self.gold_path) as fg:
            preds = [line.strip() for line in fp]
            golds = []
            for line in fg:
                golds.append(json.loads(line)["translation"]["tgt"] if self.gold_path.endswith("json") else line.strip())
        assert len(preds) == len(golds)
        return golds, preds

    def summary(self):
        golds, preds = self.read()
        exact = sum(g == p for g, p in zip(golds, preds)) / len(golds)
        head_word = sum(g.split()[:1] == p.split()[:1] for g, p in zip(golds, preds)) / len(golds)
        mean_cos = sum(self.sim.cosine(g, p) for g, p in zip(golds, preds)) / len(golds)
        return {"exact": exact, "first_word": head_word, "cosine_similarity": mean_cos}
