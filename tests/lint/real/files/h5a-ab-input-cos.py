# cosaudit corpus, synthetic file: same shape as andyburgin/embeddings/visualize_cosine_similarity.py at bad8b32f73ebb943dee1a5af1354ce10e2f34e71 (licence NOASSERTION); new code, no text copied.
"""Plot the prompt tokens and their nearest neighbours in the model's input-embedding table."""

from sklearn.metrics.pairwise import cosine_similarity
from transformers import AutoTokenizer

from helpers.cli import parse_args
from helpers.loading import load_saved_embedding   # table saved from model.get_input_embeddings()
from helpers.plots import scatter_2d


def closest_by_cosine(vec, table, k=5, floor=0.5):
    s = cosine_similarity(vec.reshape(1, -1), table)[0]
    order = s.argsort()[::-1][1:]
    return [(i, s[i]) for i in order[:k] if s[i] > floor]


def main(tok_name, table_file, dim, prompt):
    tok = AutoTokenizer.from_pretrained(tok_name)
    layer = load_saved_embedding(table_file, tok.vocab_size, dim)
    ids = tok(prompt, return_tensors="pt")["input_ids"]
    prompt_vecs = layer(ids)[0].detach().numpy()
    table = layer.weight.detach().numpy()
    edges = []
    for pos, vec in enumerate(prompt_vecs):
        neighbours = closest_by_cosine(vec, table)
        edges += [(pos, j, s) for j, s in neighbours]
    scatter_2d(tok, ids[0].tolist(), table, edges)


if __name__ == "__main__":
    a = parse_args()
    main(a.tokenizer, a.embeddings_file, a.dimensions, a.prompt)
