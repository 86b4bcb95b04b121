# Synthetic rewrite of the shape of mega002/ff-layers:analysis/key_value_agreement.py at f4a71c6a76a55899947310adf8869bb156ed2bac (licence MIT); not the original text.
"""Do feed-forward 'value' vectors promote the tokens that their 'keys' fire before?

Each column of a layer's second FFN matrix is pushed through the model's own
(adaptive) output softmax, and its top token is compared with the next tokens
seen in the trigger examples of the matching key.
"""
import os
from collections import Counter

import torch
from fairseq.modules.adaptive_input import AdaptiveInput
from fairseq.modules.adaptive_softmax import AdaptiveSoftmax

N_LAYERS = 16
VOCAB = 267744


def load_checkpoint(ckpt_dir):
    state = torch.load(os.path.join(ckpt_dir, "model.pt"))["model"]
    prefix = "decoder.embed_tokens."
    emb = AdaptiveInput(VOCAB, 0, 1024, 4, 1024, [20000, 60000])
    emb.load_state_dict({k[len(prefix):]: v for k, v in state.items() if k.startswith(prefix)})
    # output softmax shares its clusters with the input table
    head = AdaptiveSoftmax(VOCAB, 1024, [20000, 60000], 0.2, adaptive_inputs=emb)
    return state, head


def values_through_head(state, head, scale=1.0):
    out = []
    for layer in range(N_LAYERS):
        values = state[f"decoder.layers.{layer}.fc2.weight"] * scale   # [1024, d_ff]
        logp = head.get_log_prob(values.T.unsqueeze(0), None).squeeze()  # [d_ff, vocab]
        out.append(logp)
    return out


def agreement(logps, vocab, trigger_next_tokens):
    hits = Counter()
    for layer, logp in enumerate(logps):
        top = logp.argmax(dim=1).tolist()
        for dim, tok_id in enumerate(top):
            seen = trigger_next_tokens.get(f"{layer}_{dim}")
            if seen and vocab[tok_id] in seen:
                hits[layer] += 1
    return hits
