# Synthetic rewrite of the shape of sj-h4/chunagon-bert-py:src/main.py at 2fb8fcb1e1a53aedf0156ade8ef3d7358862a38e (licence NOASSERTION); not the original text.
import torch
from transformers import AutoTokenizer, BertConfig, BertModel

CHECKPOINT = "cl-tohoku/bert-base-japanese-v2"
cfg = BertConfig.from_pretrained(CHECKPOINT, output_hidden_states=True)
tok = AutoTokenizer.from_pretrained(CHECKPOINT)
encoder = BertModel.from_pretrained(CHECKPOINT, config=cfg)


def cos_similarity(a, b, eps=1e-8):
    """Cosine of two vectors (hand-rolled)."""
    a_unit = a / (a.pow(2).sum().sqrt() + eps)
    b_unit = b / (b.pow(2).sum().sqrt() + eps)
    return (a_unit * b_unit).sum()


def contextual_vector(sentence: str, position: int):
    """Add up the top four hidden layers at one token position."""
    ids = torch.tensor(tok.encode(sentence, add_special_tokens=True))[None, :]
    layers = encoder(ids).hidden_states            # tuple of (1, T, H)
    stacked = torch.stack(layers, dim=0)[:, 0]      # (L, T, H)
    per_token = stacked.transpose(0, 1)             # (T, L, H)
    return per_token[position][-4:].sum(dim=0)


def run():
    sentences = [
        "駅で友達と会った。",
        "鉛筆で名前を書いた。",
        "バスで学校に行く。",
        "三日で仕上げた。",
    ]
    first, second = sentences[0], sentences[2]
    vec_a = contextual_vector(first, 1)
    vec_b = contextual_vector(second, 2)
    print(tok.tokenize(first), tok.tokenize(second))
    sim = cos_similarity(vec_a, vec_b)
    gap = torch.dist(vec_a, vec_b)
    print("cosine", float(sim), "euclidean", float(gap))


if __name__ == "__main__":
    run()
