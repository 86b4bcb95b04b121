# cosaudit corpus, synthetic file: same shape as Trzyszcz/othello-gpt-replication/layer_contribution.py at 901b2e2da3164d6f2705eebc5896ed332755682d (licence MIT); new code, no text copied.
import torch
from board_model import load_othello_model, sample_games

net = load_othello_model("weights/othello.pt")
params = dict(net.named_parameters())
W_out, b_out = params["unembed.W_U"], params["unembed.b_U"]

games = sample_games(8)
_, cache = net.run_with_cache(games)


def move_logits_around(layer):
    before = cache[f"blocks.{layer}.hook_resid_pre"]
    after = cache[f"blocks.{layer}.hook_resid_post"]
    return before @ W_out + b_out, after @ W_out + b_out


for layer in range(net.cfg.n_layers):
    pre, post = move_logits_around(layer)
    print(layer, (post - pre).abs().mean().item())
