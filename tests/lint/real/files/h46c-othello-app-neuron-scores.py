# Synthetic rewrite of the shape of yeutong/ARENA_Othello:app.py at ef4956e439228725693034b6a36325216521160d (licence NOASSERTION); not the original text.
import einops
import streamlit as st

from funcs import load_model, load_probes, score_probe_alignment, score_unembed_alignment

st.set_page_config(layout="wide")
model = load_model()
mine_dir, blank_dir = load_probes()

layer = st.slider("layer", 0, model.cfg.n_layers - 1, 5)
square = st.text_input("square", "C3")
cell = (ord(square[0]) - ord("A"), int(square[1:]))

w_in = model.W_in[layer]                                   # [d_model, d_mlp]
w_in_unit = w_in / w_in.norm(dim=0, keepdim=True)
w_out = model.W_out[layer]                                 # [d_mlp, d_model]
w_out_unit = w_out / w_out.norm(dim=-1, keepdim=True)

# unit-length unembedding column per move, [d_model, n_vocab]
W_U_norm = model.W_U / model.W_U.norm(dim=0, keepdim=True)

reads_mine = einops.einsum(w_in_unit, mine_dir, "d_model d_mlp, d_model r c -> d_mlp r c")
writes_blank = einops.einsum(w_out_unit, blank_dir, "d_mlp d_model, d_model r c -> d_mlp r c")
writes_moves = einops.einsum(
    w_out_unit, W_U_norm, "d_mlp d_model, d_model n_vocab -> d_mlp n_vocab"
)

scores = {
    "read mine": score_probe_alignment(reads_mine, cell),
    "write blank": score_probe_alignment(writes_blank, cell),
    "write unembed": score_unembed_alignment(writes_moves, cell),
}
top = scores["write unembed"].topk(10)
st.write("neurons whose output most resembles the move's unembedding", top.indices.tolist())
