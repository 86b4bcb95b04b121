# Synthetic rewrite of the shape of MikeyBeez/engrams:src/rome_edit.py at 1073345645209302b2c2ffad06700985b0a00642 (licence NOASSERTION); not the original text.
import torch


class TinyRankOneEditor:
    def __init__(self, model, tokenizer, layer=15):
        self.model = model
        self.tokenizer = tokenizer
        self.layer = layer

    def desired_value(self, current_value, new_object):
        ids = self.tokenizer.encode(" " + new_object, add_special_tokens=False)
        tok = ids[0]
        print(f"  object token {self.tokenizer.decode([tok])!r} -> {tok}")
        # push the MLP output along the output-head row of the wanted token
        push_dir = self.model.lm_head.weight[tok].detach()
        push_dir = push_dir / push_dir.norm()
        step = current_value.norm().item() * 5.0
        wanted = current_value + step * push_dir
        print(f"  shift size {(wanted - current_value).norm().item():.3f}")
        return wanted.detach(), current_value.detach()

    def rank_one_update(self, key, wanted, current):
        proj = self.model.model.layers[self.layer].mlp.down_proj
        delta = torch.outer(wanted - current, key) / key.dot(key)
        with torch.no_grad():
            proj.weight += delta.to(proj.weight.dtype)
