# Synthetic rewrite of the shape of asigalov61/Allegro-Music-Transformer:allegro_music_transformer.py at e2545425eb2aa1e6f4df6b601b8cd86f1b09b568 (licence Apache-2.0); not the original text.
# Colab-style loader for a MIDI-token music transformer, with an optional picture of its token table.
import matplotlib.pyplot as plt
import torch
from sklearn import metrics
from torchsummary import summary
from x_transformer import AutoregressiveWrapper, Decoder, TransformerWrapper

checkpoint_path = "/content/models/music_transformer_small.pth"
draw_token_table = True
CONTEXT = 2048
VOCAB = 3088

# x-transformers wrapper with its defaults: learned absolute positions and a separate
# output Linear (the input token table is not reused as the output layer)
net = TransformerWrapper(
    num_tokens=VOCAB,
    max_seq_len=CONTEXT,
    attn_layers=Decoder(dim=768, depth=12, heads=8, attn_flash=True),
)
net = torch.nn.DataParallel(AutoregressiveWrapper(net)).cuda()
net.load_state_dict(torch.load(checkpoint_path))
net.eval()
summary(net)

if draw_token_table:
    table = net.module.net.token_emb.emb.weight.detach().cpu().tolist()
    dist = metrics.pairwise_distances(table, metric="cosine")
    fig = plt.figure(figsize=(7, 7))
    plt.imshow(dist, cmap="magma", interpolation="nearest")
    plt.colorbar(fraction=0.046 * dist.shape[0] / dist.shape[1], pad=0.04)
    plt.xlabel("token")
    plt.ylabel("token")
    plt.tight_layout()
    plt.savefig("/content/token_table_cosine_distance.png", bbox_inches="tight")
