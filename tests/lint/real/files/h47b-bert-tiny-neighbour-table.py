# Synthetic rewrite of the shape of whitejeep600/fake_news_adversarial_attack:attacks/text_fooler/precompute_neighbors.py at 7af0ba2ed5f56131a8b23b8d62e2be6302ffd660 (licence NOASSERTION); not the original text.
import json
from pathlib import Path

import numpy as np
import yaml
from transformers import AutoTokenizer, BertModel


def row_for(word, net, tok):
    token_id = tok(word)["input_ids"][1]
    return net.embeddings.word_embeddings.weight[token_id].detach().numpy()


def build_synonym_table(k: int, out_file: Path):
    checkpoint = "prajjwal1/bert-tiny"
    net = BertModel.from_pretrained(checkpoint)
    tok = AutoTokenizer.from_pretrained(checkpoint)

    vocab_words = [w for w in tok.vocab if w.isalpha()]
    table = np.stack([row_for(w, net, tok) for w in vocab_words])

    lengths = np.linalg.norm(table, axis=1)
    sims = (table @ table.T) / lengths[:, None] / lengths[None, :]
    np.fill_diagonal(sims, 0)

    nearest = np.argsort(-sims, axis=1)[:, :k]
    substitutes = {vocab_words[i]: [vocab_words[j] for j in nearest[i]] for i in range(len(vocab_words))}
    out_file.write_text(json.dumps(substitutes, indent=2))


if __name__ == "__main__":
    cfg = yaml.safe_load(open("params.yaml"))["attacks.text_fooler"]
    build_synonym_table(int(cfg["n_neighbors_precomputed"]), Path(cfg["neighbors_path"]))
