# Synthetic rewrite of the shape of UFO-101/auto-circuit:auto_circuit/language_rotations.py at c6a2e402c9ee98b58bb255aaa3d13565dc28df25 (licence NOASSERTION); not the original text.
#%%
import torch as t
import transformer_lens as tl
from word2word import Word2word

model = tl.HookedTransformer.from_pretrained_no_processing("bloom-560m")   # ALiBi, tied table
dev = model.cfg.device
en2de = Word2word("en", "de")

src_ids, tgt_ids = [], []
for tok in range(model.cfg.d_vocab):
    s = model.to_string([tok])
    if len(s) < 6 or not s.startswith(" "):
        continue
    try:
        other = model.to_single_token(" " + en2de(s[1:], n_best=1)[0])
    except Exception:
        continue
    if other != tok:
        src_ids.append(tok); tgt_ids.append(other)

en_embeds = model.embed.W_E[t.tensor(src_ids)].detach().clone()
de_embeds = model.embed.W_E[t.tensor(tgt_ids)].detach().clone()
#%% learn an orthogonal map from English input embeddings to their German translations
rot = t.nn.Linear(model.cfg.d_model, model.cfg.d_model, bias=False, device=dev)
t.nn.utils.parametrizations.orthogonal(rot, "weight")
opt = t.optim.Adam(rot.parameters(), lr=2e-4)


def word_distance_metric(a, b):
    return -t.nn.functional.cosine_similarity(a, b)


loader = t.utils.data.DataLoader(t.utils.data.TensorDataset(en_embeds, de_embeds), batch_size=256, shuffle=True)
for epoch in range(30):
    for en_b, de_b in loader:
        opt.zero_grad()
        loss = word_distance_metric(rot(en_b), de_b).mean()
        loss.backward()
        opt.step()
print("mean cosine after rotation:", -word_distance_metric(rot(en_embeds), de_embeds).mean().item())
