# Synthetic rewrite of the shape of parkervg/allrecipes-bert:analyze_embeddings.py at 085fc881a4963bcdbf8a8872d5761e0eb57cfc22 (licence NOASSERTION); not the original text.
import sys
from collections import Counter

import pandas as pd
import tensorflow as tf
from transformers import BertConfig, BertTokenizer, TFBertForMaskedLM

tok = BertTokenizer.from_pretrained("bert-base-uncased")


def top_layer_vector(ids, lm):
    """Mean of the last hidden layer for one short phrase."""
    out = lm(tf.expand_dims(ids, 0))
    hidden = out[-1]  # tuple of per-layer states (output_hidden_states=True)
    return tf.squeeze(tf.reduce_mean(hidden[-1], axis=1))


def phrase_vectors(phrases, lm):
    enc = tok(phrases, add_special_tokens=True)
    return {p: top_layer_vector(tf.constant(i), lm) for p, i in zip(phrases, enc["input_ids"])}


def closest_actions(obj, obj_vec, action_vecs, k=5):
    ranked = sorted(action_vecs, key=lambda a: float(tf.norm(obj_vec - action_vecs[a], ord="euclidean")))
    print(f"nearest actions for {obj!r}:", ranked[:k])
    return ranked[:k]


def observed_actions(obj, table, k=5):
    seen = table.loc[table["noun"].str.startswith(obj), "verb"].tolist()
    return [v for v, _ in Counter(seen).most_common(k)]


if __name__ == "__main__":
    table = pd.read_csv(sys.argv[1])
    k = int(sys.argv[2])
    cfg = BertConfig.from_pretrained("bert-base-uncased", output_hidden_states=True)
    lm = TFBertForMaskedLM.from_pretrained("runs/recipes/checkpoint-final", from_pt=True, config=cfg)
    actions = sorted({v.split(":")[-1].replace("-", " ") for v in table.verb})
    objects = sorted({n.split(":")[-1].replace("-", " ") for n in table.noun})
    act_vecs = phrase_vectors(actions, lm)
    obj_vecs = phrase_vectors(objects, lm)
    for o in objects:
        closest_actions(o, obj_vecs[o], act_vecs, k)
        observed_actions(o, table, k)
