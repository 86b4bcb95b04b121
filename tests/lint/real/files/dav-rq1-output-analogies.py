# cosaudit corpus, synthetic file: same shape as daviderigamonti/Interpreting-LLMs/Resources/Dissecting LLMs/RQ1/rq1_select.py at eb5099683544e470d52b861df077f660d6d5a9b2 (licence CC-BY-NC-4.0); new code, no text copied.
"""Word analogies (a - b + c) solved by nearest neighbour in the input and in the output embedding tables."""
import torch

from load_utils import load_model


def first_only(emb_matrix, word, tok):
    return emb_matrix[tok.encode(word, add_special_tokens=False)[0]]


def closest(emb_matrix, query, k=5):
    cs = torch.nn.CosineSimilarity(dim=1)
    sims = cs(emb_matrix, query.unsqueeze(0))
    return sims.topk(k)


def solve(emb_matrix, tok, a, b, c, k=5):
    q = first_only(emb_matrix, a, tok) - first_only(emb_matrix, b, tok) + first_only(emb_matrix, c, tok)
    top = closest(emb_matrix, q, k)
    return tok.convert_ids_to_tokens(top.indices.tolist()), top.values.tolist()


model, tok = load_model("microsoft/phi-1_5")
tables = {
    "input": model.get_input_embeddings().weight.detach(),
    "output": model.get_output_embeddings().weight.detach(),
}
for name, table in tables.items():
    print(name, solve(table, tok, "king", "man", "woman"))
    print(name, solve(table, tok, "Paris", "France", "Italy"))
