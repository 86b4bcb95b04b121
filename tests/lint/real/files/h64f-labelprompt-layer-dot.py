# Synthetic rewrite of the shape of xerrors/LabelPrompt:lit_models/bert_lit_model.py at 73f4c08d2faed627d4b72a840153bb94d306e0ff (licence NOASSERTION); not the original text.
import argparse
import random

import torch


def add_options(parser: argparse.ArgumentParser):
    parser.add_argument("--probe_layers", action="store_true")
    parser.add_argument("--type_loss", type=str, default="")
    parser.add_argument("--type_distance", type=str, default="l2")  # "l2" or "cos"
    return parser


class RelationPromptModule:
    def __init__(self, mlm, tokenizer, label_token_ids, first_label_id, n_rel, args):
        self.mlm = mlm
        self.tok = tokenizer
        self.label_token_ids = label_token_ids
        self.first_label_id = first_label_id
        self.n_rel = n_rel
        self.args = args

    def relation_rows(self):
        return self.mlm.get_output_embeddings().weight[self.label_token_ids]

    def probe_every_layer(self, input_ids, hidden_states):
        """Read the [MASK] state of each layer against the relation rows (raw products)."""
        rows = self.relation_rows()
        where = (input_ids == self.tok.mask_token_id).nonzero(as_tuple=True)[1]
        rng = torch.arange(input_ids.size(0))
        by_dot, by_head = [], []
        for layer_state in hidden_states[1:]:
            at_mask = layer_state[rng, where]
            by_dot.append(at_mask @ rows.T)
            by_head.append(self.mlm.lm_head(at_mask)[:, self.first_label_id : self.first_label_id + self.n_rel])
        return torch.stack(by_dot), torch.stack(by_head)

    def entity_type_loss(self, marker_sub, marker_obj, sub_type_rows, obj_type_rows):
        distances = {
            "cos": lambda a, b: 1 - torch.cosine_similarity(a, b, dim=-1),
            "l2": lambda a, b: torch.linalg.vector_norm(a - b, dim=-1),
        }
        dist = distances[self.args.type_distance]
        return dist(marker_sub, sub_type_rows).sum() + dist(marker_obj, obj_type_rows).sum()

    def step(self, input_ids, out):
        if self.args.probe_layers and random.random() < 0.01:
            return self.probe_every_layer(input_ids, out.hidden_states)
        return None
