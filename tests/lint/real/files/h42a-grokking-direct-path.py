# Synthetic rewrite of the shape of TomFrederik/interpreting-grokking:path_contribution.py at 7b14bf5ba687db1d6045c18d97ea60d3f9175496 (licence NOASSERTION); not the original text.
import numpy as np
import torch

from model import ModularTransformer
from data import load_task


def direct_path_logits(net: ModularTransformer) -> torch.Tensor:
    embed = net.token_embed.weight
    unembed = net.readout.weight.T
    return embed @ unembed


def nats(logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    return -torch.log_softmax(logits, dim=-1)[torch.arange(len(targets)), targets].mean()


if __name__ == "__main__":
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    net = ModularTransformer.load_from_checkpoint("ckpts/attn-only/last.ckpt").to(dev)
    seqs = torch.from_numpy(load_task("subtract", p=97).data).to(dev)
    xs, ys = seqs[:, :-1], seqs[:, -1]

    baseline = np.log(97)
    # row of the '=' token through embed -> unembed, restricted to number outputs
    eq_logits = direct_path_logits(net)[-1, :-1]
    direct = nats(eq_logits.expand(len(ys), -1), ys)
    print(f"direct path removes {baseline - direct.item():.3f} nats")

    # one attention layer's output read off through the embedding table
    attn_out = net.capture_attention_output(xs, layer=0)[:, -1]
    layer0_logits = attn_out @ net.token_embed.weight.T
    print(f"layer-0 path: {(direct - nats(layer0_logits, ys)).item():.3f} nats")
