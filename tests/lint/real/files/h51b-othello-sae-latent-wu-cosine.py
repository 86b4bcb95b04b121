# Synthetic rewrite of the shape of andyrdt/mats_sae_training:neel_scratch.py at 7cd6961a5a844e20a66b1272141b9a0b46a3c739 (licence MIT); not the original text.
# %%
import torch
from sae_training.utils import LMSparseAutoencoderSessionloader

ckpt = "./artifacts/othello_sae_resid6_1024/final.pt"
model, sparse_autoencoder, _ = LMSparseAutoencoderSessionloader.load_session_from_pretrained(ckpt)
torch.set_grad_enabled(False)

# %% unit probe direction for "square is blank"
probe = torch.load("blank_probe.pt")          # [d_model, 8, 8]
probe = probe / probe.norm(dim=0, keepdim=True)

# %% which board moves does latent 49 point at?  compare with every unit unembedding column
l_id = 49
dec_dir = sparse_autoencoder.W_dec[l_id]
enc_dir = sparse_autoencoder.W_enc[:, l_id]
unit_moves = model.W_U / model.W_U.norm(dim=0, keepdim=True)   # one column per move token

dec_vs_moves = (dec_dir / dec_dir.norm()) @ unit_moves
enc_vs_moves = (enc_dir / enc_dir.norm()) @ unit_moves
probe_vs_moves = (probe[:, 2, 5] / probe[:, 2, 5].norm()) @ unit_moves

for name, v in [("decoder", dec_vs_moves), ("encoder", enc_vs_moves), ("probe C5", probe_vs_moves)]:
    top = v.topk(5)
    print(name, top.indices.tolist(), [round(x, 3) for x in top.values.tolist()])
