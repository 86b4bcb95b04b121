# cosaudit corpus, synthetic file: same shape as daviderigamonti/Interpreting-LLMs/Resources/Dissecting LLMs/RQ1/rq1_delta_select.py at eb5099683544e470d52b861df077f660d6d5a9b2 (licence CC-BY-NC-4.0); new code, no text copied.
"""Delta analogies: is (b - a) + c closest to d among the rows of the output embedding table?"""
import torch
import torch.nn.functional as F

from load_utils import load_model


def delta_analogy(table, tok, a, b, c, k=5):
    nemb = torch.nn.Embedding.from_pretrained(F.normalize(table, dim=-1), freeze=True)
    ids = [tok.encode(w, add_special_tokens=False)[0] for w in (a, b, c)]
    va, vb, vc = nemb(torch.tensor(ids))
    query = F.normalize(vb - va + vc, dim=-1)
    sims = nemb.weight @ query
    top = sims.topk(k)
    return tok.convert_ids_to_tokens(top.indices.tolist())


model, tok = load_model("mistralai/Mistral-7B-v0.1")
out_table = model.get_output_embeddings().weight.detach().float()
for quad in [("man", "king", "woman"), ("France", "Paris", "Italy")]:
    print(quad, delta_analogy(out_table, tok, *quad))
