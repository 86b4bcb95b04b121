# Synthetic rewrite of the shape of antoninagruzdeva/Bachelorarbeit_Vektor-Arithmetik:code/extract_submatrix_transformer.py at 386a9f88510ddad7272b4dca8a4d683b9db8b2bd (licence NOASSERTION); not the original text.
"""Dump token-table sub-matrices (input or output side) restricted to a shared
vocabulary, in word2vec binary format, for a later analogy benchmark."""
import os

import numpy as np
from gensim.models import KeyedVectors
from transformer_lens import HookedEncoder, HookedTransformer

from vocab_tools import canonical_form, read_shared_vocab


def open_model(name, processed):
    if name.startswith("bert"):
        return HookedEncoder.from_pretrained(name)
    if processed:
        return HookedTransformer.from_pretrained(name)
    return HookedTransformer.from_pretrained_no_processing(name)


def table_of(model, side):
    if side == "in":
        return np.asarray(model.W_E.detach().cpu(), dtype=np.float32)
    if side == "out":
        unembed = model.W_U.detach().cpu().numpy()  # (d_model, vocab)
        return np.ascontiguousarray(unembed.T, dtype=np.float32)
    raise ValueError(side)


def export(name, processed, side, vocab_file="shared_vocab.txt"):
    wanted = read_shared_vocab(vocab_file)
    model = open_model(name, processed)
    table = table_of(model, side)

    first_id = {}
    for piece, idx in model.tokenizer.get_vocab().items():
        key = canonical_form(name, piece)
        if key is not None and key in wanted and key not in first_id:
            first_id[key] = idx
    absent = [w for w in wanted if w not in first_id]
    if absent:
        raise ValueError(f"{len(absent)} shared words missing from {name}")

    rows = table[[first_id[w] for w in wanted]]
    kv = KeyedVectors(vector_size=rows.shape[1])
    kv.add_vectors(wanted, rows)

    tag = f"{name.replace('-', '_')}_{'proc' if processed else 'raw'}_{side}"
    os.makedirs(tag, exist_ok=True)
    kv.save_word2vec_format(os.path.join(tag, f"{tag}.bin"), binary=True)


if __name__ == "__main__":
    export("gpt2-small", True, "in")
    export("gpt2-small", True, "out")
    export("pythia-410m", True, "out")
    export("pythia-410m", False, "out")
    export("bert-base-uncased", True, "in")
