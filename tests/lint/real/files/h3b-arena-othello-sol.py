# cosaudit corpus, synthetic file: same shape as callummcdougall/ARENA_2.0/chapter1_transformers/exercises/part6_othellogpt/solutions.py at e805ad8772b81fa44252ab3b7590ac614aa29376 (licence NOASSERTION); new code, no text copied.
import torch as t
from transformer_lens import HookedTransformer, HookedTransformerConfig
from plotly_utils import imshow

cfg = HookedTransformerConfig(n_layers=8, d_model=512, d_head=64, n_heads=8, d_mlp=2048, d_vocab=61,
                              n_ctx=59, act_fn="gelu", normalization_type="LNPre")
model = HookedTransformer(cfg)
model.load_state_dict(t.load("synthetic_othello_gpt.pth"))

stoi_indices = [i for i in range(64) if i not in (27, 28, 35, 36)]


def output_weight(model, layer, neuron, unit=True):
    w = model.W_out[layer, neuron].detach()
    return w / w.norm() if unit else w


def neuron_board_vs_unembed(model, layer, neurons):
    w_u_unit = model.W_U / model.W_U.norm(dim=0, keepdim=True)
    w_u_unit = w_u_unit[:, 1:]                      # drop the 'pass' token
    boards = []
    for n in neurons:
        board = t.zeros(64)
        board[stoi_indices] = output_weight(model, layer, n) @ w_u_unit
        boards.append(board.reshape(8, 8))
    return t.stack(boards)


if __name__ == "__main__":
    layer = 5
    top = t.tensor([1393, 1768, 410, 1112])
    maps = neuron_board_vs_unembed(model, layer, top)
    imshow(maps, facet_col=0, title="cos(neuron output weight, unembedding of each square)",
           facet_labels=[f"L{layer}N{n}" for n in top.tolist()])
