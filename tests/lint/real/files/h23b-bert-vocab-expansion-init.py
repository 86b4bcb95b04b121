# Synthetic rewrite of the shape of TSlenn/zero-shot-vocab-expansion:src/zero_shot_vocab_expansion/vocab_expansion/expand_vocabulary.py at e9a75fbbb54599449cda8274eaec2818aa9a2427 (licence NOASSERTION); not the original text.
import numpy as np
import torch
from transformers import AutoModel, AutoTokenizer


def _gaussian_rows(table: np.ndarray, n: int) -> np.ndarray:
    """Draw n new rows close to the centre of the existing token table."""
    mu = table.mean(axis=0)
    cov = np.cov(table, rowvar=False) * 1e-5
    return np.random.multivariate_normal(mu, cov, size=n)


def add_words(words, checkpoint="bert-base-uncased", definition_encoder=None, glosses=None):
    """Register new whole-word tokens and give each an initial input vector.

    Words with a gloss are embedded by a model that maps the gloss text to the
    BERT input-embedding space; the rest get random rows near the table mean.
    """
    enc = AutoModel.from_pretrained(checkpoint)
    tok = AutoTokenizer.from_pretrained(checkpoint)
    table = enc.embeddings.word_embeddings.weight.detach()

    todo = sorted(set(words) - set(tok.get_vocab()))
    fresh = {}
    if definition_encoder is not None and glosses:
        for w in todo:
            if w in glosses:
                fresh[w] = definition_encoder.encode(glosses[w])
    rest = [w for w in todo if w not in fresh]
    if rest:
        fresh.update(zip(rest, _gaussian_rows(table.numpy(), len(rest))))

    names = list(fresh)
    block = torch.tensor(np.stack([fresh[w] for w in names]), dtype=torch.float32)
    tok.add_tokens(names)
    enc.resize_token_embeddings(len(tok))

    sd = enc.state_dict()
    key = next(k for k in sd if "embeddings.word_embeddings.weight" in k)
    sd[key][-len(names):, :] = block
    enc.load_state_dict(sd)
    return enc, tok
