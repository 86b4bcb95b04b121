# cosaudit corpus, synthetic file: same shape as Animadversio/Transformer-Neurons/core/BERT_actmax.py at 4455e535ae9b355dc983a06026daeefa81c94b71 (licence NOASSERTION); new code, no text copied.
"""Optimise free input vectors so one BERT MLP unit fires, then read them back as words."""
import torch
from transformers import BertModel, BertTokenizer

tok = BertTokenizer.from_pretrained("bert-base-uncased")
bert = BertModel.from_pretrained("bert-base-uncased").eval().requires_grad_(False)
acts = {}
LAYER, UNIT = 2, 17
bert.encoder.layer[LAYER].intermediate.intermediate_act_fn.register_forward_hook(
    lambda _m, _i, out: acts.__setitem__("mlp", out))

table = bert.embeddings.word_embeddings.weight
mean_norm = table.norm(dim=1).mean()

x = torch.randn(4, 8, table.shape[1], requires_grad=True)
opt = torch.optim.Adam([x], lr=0.05)
for step in range(30):
    bert(inputs_embeds=x, token_type_ids=None)
    loss = -acts["mlp"][:, :, UNIT].max(dim=1).values.mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    with torch.no_grad():
        if x.norm(dim=-1).mean() > mean_norm:
            x.data = x.data / x.data.norm(dim=-1, keepdim=True) * mean_norm


def word_distribution(vecs):
    unit = vecs / vecs.norm(dim=-1, keepdim=True)
    return torch.softmax(torch.einsum("bth,wh->btw", unit, table / mean_norm), dim=-1)


probs = word_distribution(x.detach())
best_p, best_ids = probs.max(dim=-1)
for row in best_ids:
    print(" ".join(tok.convert_ids_to_tokens(row)))

bert(input_ids=best_ids, token_type_ids=None)
print("unit activation on decoded words:", acts["mlp"][:, :, UNIT].mean().item())

# geometry of the token table: squared distances between all rows
sq = table.norm(dim=1, keepdim=True) ** 2
dist2 = sq + sq.T - 2 * (table @ table.T)
print(torch.topk(dist2, 10, dim=-1, largest=False))
