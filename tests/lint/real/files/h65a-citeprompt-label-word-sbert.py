# Synthetic rewrite of the shape of AvishekLahiri/CitePrompt:extract_label_words.py at 5448e11cf269bb18c9213fac301bcb8e8e06e93a (licence NOASSERTION); not the original text.
# Verbalizer expansion for prompt-based citation classification: candidate words from
# each paper section are ranked by the cosine between a sentence-encoder embedding of
# an anchor word and of each candidate; the winners become extra label words.
import json

from sentence_transformers import SentenceTransformer
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.metrics.pairwise import cosine_similarity


def nearest_terms(encoder, section_text, anchor, keep=100):
    vocab = CountVectorizer(ngram_range=(1, 1), stop_words="english").fit([section_text])
    terms = list(vocab.get_feature_names_out())
    anchor_vec = encoder.encode([anchor])
    term_vecs = encoder.encode(terms)
    scores = cosine_similarity(anchor_vec, term_vecs)[0]
    ranked = scores.argsort()[::-1][:keep]
    return [terms[i] for i in ranked]


def build_label_words(sections_path, out_path, encoder_name):
    with open(sections_path) as fh:
        sections = json.load(fh)
    encoder = SentenceTransformer(encoder_name)
    seeds = {"cited": ["cited", "reference", "refer"],
             "not cited": ["introduction", "methodology", "results"]}
    where = {"cited": ["introduction", "related work", "methodology"],
             "not cited": ["introduction", "related work", "results"]}
    with open(out_path, "w") as out:
        for label, parts in where.items():
            words = []
            for part in parts:
                for seed in seeds[label]:
                    words.append(seed)
                    words.extend(w for w in nearest_terms(encoder, sections[part], seed) if w != label)
            out.write(", ".join(words) + "\n")
