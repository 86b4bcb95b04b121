# Synthetic rewrite of the shape of iai-group/DialogueKit:dialoguekit/nlu/models/intent_classifier_cosine.py at 3873db06abd51e7bd1f39b875c4e21aa999b17f4 (licence Apache-2.0); not the original text.
"""Nearest-utterance intent classifier using TF-IDF cosine similarity."""
from typing import List

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.metrics.pairwise import cosine_similarity


class NearestUtteranceIntent:
    def __init__(self, intents: List[str]) -> None:
        self.intents = intents
        self._vectorizer = TfidfVectorizer()
        self._bank = None
        self._bank_labels: List[str] = []

    def fit(self, texts: List[str], labels: List[str]) -> None:
        if len(texts) != len(labels):
            raise ValueError("one label per utterance")
        self._bank_labels = list(labels)
        self._bank = self._vectorizer.fit_transform(texts).toarray()

    def predict(self, text: str) -> str:
        query = self._vectorizer.transform([text]).toarray()
        # similarity of the new utterance to every stored training utterance
        sims = cosine_similarity(query, self._bank)[0]
        return self._bank_labels[int(np.argmax(sims))]
