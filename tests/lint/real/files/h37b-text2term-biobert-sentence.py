# Synthetic rewrite of the shape of ccb-hms/ontology-mapper:biobert.py at e6e731348c426224b4e5d27d74de106ae4f425ae (licence MIT); not the original text.
import re

import nlu

STOP = {"of", "the", "and", "in"}


def clean(term):
    """Lower-case a term, drop punctuation and stop words."""
    term = re.sub(r"[^0-9a-zA-Z ]+", " ", term).lower().replace("_", " ")
    return " ".join(w for w in term.split() if w not in STOP)


def embed_terms(terms):
    """One BioBERT sentence vector per cleaned source term."""
    pipe = nlu.load('en.embed_sentence.biobert.pmc_base_cased')
    cleaned = [clean(t) for t in terms]
    frame = pipe.predict(cleaned, output_level='sentence')
    frame = frame.drop('sentence', axis=1)
    return [row[0] for row in frame.values]


# def term_cosine(a, b):
#     return inner(a, b) / sqrt(dot(a, a) * dot(b, b))
