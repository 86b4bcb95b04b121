# Synthetic rewrite of the shape of erl-j/superposed-language-modelling:slm/visualize_embeddings.py at d400d2ce1fd1941a2080726b70f8683560f9e94f (licence NOASSERTION); not the original text.
#%%
import matplotlib.pyplot as plt
import numpy as np

from train2 import SuperposedLanguageModel

net = SuperposedLanguageModel.load_from_checkpoint("../checkpoints/some-run/last.ckpt", map_location="cpu")
tokens = net.vocab

# input table is an nn.Linear(vocab, d): transpose to one row per token
in_table = net.embedding_layer.weight.detach().numpy().T
# output head: nn.Linear(d, vocab) producing the softmax logits
unembedding = net.decoder_output_layer.weight.detach().numpy()

for table in (in_table, unembedding):
    plt.figure()
    plt.plot(np.linalg.norm(table, axis=1))
    plt.show()

#%% unit-length rows, then Gram matrices read as token-token similarity
in_table /= np.linalg.norm(in_table, axis=1, keepdims=True)
unembedding /= np.linalg.norm(unembedding, axis=1, keepdims=True)

short_names = []
seen = set()
for name in (t.split(":")[0] for t in tokens):
    head = name.split(" ")[0]
    short_names.append(" " if head in seen else name)
    seen.add(head)

for title, gram in [("input", in_table @ in_table.T),
                    ("output", unembedding @ unembedding.T),
                    ("input vs output", in_table @ unembedding.T)]:
    plt.figure(figsize=(40, 40))
    plt.imshow(gram, interpolation="none", vmin=-1, vmax=1)
    plt.yticks(range(len(short_names)), short_names)
    plt.title(title)
    plt.colorbar()
    plt.show()

#%% pitch tokens only (input side)
pitch_idx = [i for i, t in enumerate(tokens) if t.startswith("pitch")]
pitch_rows = in_table[pitch_idx]
plt.figure(figsize=(30, 30))
plt.imshow(pitch_rows @ pitch_rows.T, interpolation="none", vmin=-1, vmax=1)
plt.colorbar()
plt.show()
