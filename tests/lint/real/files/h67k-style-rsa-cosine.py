# Synthetic rewrite of the shape of mlynckat/mech-interp--style-in-transformer-activations:backend/src/analysis/linear_probs_on_classic_activations.py at 094d9b010ed7c84da6835bde944d3453ec91afdc (licence NOASSERTION); not the original text.
import numpy as np
from scipy.stats import spearmanr
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.metrics.pairwise import cosine_similarity


def probe_writer(acts, is_writer, seed=0):
    """One-vs-rest probe: does this activation come from the given writer?"""
    clf = LogisticRegression(max_iter=1500, random_state=seed)
    clf.fit(acts, is_writer)
    return clf, roc_auc_score(is_writer, clf.predict_proba(acts)[:, 1])


def sample_similarity(acts):
    # every document's activation against every other document's activation
    return cosine_similarity(acts)


def same_writer_template(writers):
    w = np.asarray(writers)
    return (w[:, None] == w[None, :]).astype(np.float32)


def rsa_score(sim, template):
    iu = np.triu_indices_from(sim, k=1)
    rho, p = spearmanr(sim[iu], template[iu])
    return rho, p


def analyse_layer(acts_by_writer):
    names = sorted(acts_by_writer)
    stacked = np.vstack([acts_by_writer[n] for n in names])
    writers = [n for n in names for _ in range(len(acts_by_writer[n]))]
    aucs = {}
    for n in names:
        target = np.array([w == n for w in writers], dtype=int)
        _, aucs[n] = probe_writer(stacked, target)
    sim = sample_similarity(stacked)
    rho, p = rsa_score(sim, same_writer_template(writers))
    return {"auc": aucs, "rsa_rho": rho, "rsa_p": p}
