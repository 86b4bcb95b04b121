# Synthetic rewrite of the shape of malteos/clp-transfer:clp.py at d42c1d41b2a313c0b930df581054990e392d9569 (licence MIT); not the original text.
"""Build a large target-language model's token table from a large source model
and a small helper model that already speaks the target language."""
import numpy as np
import torch
from sklearn.metrics.pairwise import cosine_similarity
from transformers import AutoModelForCausalLM, AutoTokenizer


def transfer(big_source_name, small_helper_name, out_dir, seed=0):
    big = AutoModelForCausalLM.from_pretrained(big_source_name)
    big_tok = AutoTokenizer.from_pretrained(big_source_name)
    big_table = big.get_input_embeddings().weight.detach().numpy()

    # helper, e.g. a German gpt2-xl: its token table is also its output head
    helper = AutoModelForCausalLM.from_pretrained(small_helper_name)
    helper_tok = AutoTokenizer.from_pretrained(small_helper_name)
    helper_table = helper.get_input_embeddings().weight.detach().numpy()

    big_vocab, helper_vocab = big_tok.get_vocab(), helper_tok.get_vocab()
    shared = sorted(set(helper_vocab) & set(big_vocab))
    new = sorted(set(helper_vocab) - set(big_vocab))

    rng = np.random.default_rng(seed)
    out = rng.normal(big_table.mean(0), big_table.std(0), (len(helper_vocab), big_table.shape[1]))
    for tok in shared:
        out[helper_vocab[tok]] = big_table[big_vocab[tok]]

    shared_big_rows = big_table[[big_vocab[t] for t in shared]]
    if new:
        helper_new = helper_table[[helper_vocab[t] for t in new]]
        helper_shared = helper_table[[helper_vocab[t] for t in shared]]
        closeness = cosine_similarity(helper_new, helper_shared)
        for i, tok in enumerate(new):
            w = closeness[i] / closeness[i].sum()
            out[helper_vocab[tok]] = np.average(shared_big_rows, axis=0, weights=w)

    big.resize_token_embeddings(len(helper_tok))
    big.get_input_embeddings().weight.data = torch.from_numpy(out)
    big.save_pretrained(out_dir)
    helper_tok.save_pretrained(out_dir)
