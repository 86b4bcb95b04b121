# Synthetic rewrite of the shape of EvidentSolutions/llm-interp:contrastive/code/truth_direction_diagnostic.py at c32f97a2257f3ead6690ea283902f757cbce0221 (licence NOASSERTION); not the original text.
"""Is the injected 'truth direction' just the true-minus-false output axis in disguise?"""
import itertools

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

model = AutoModelForCausalLM.from_pretrained("microsoft/phi-2").eval()
tok = AutoTokenizer.from_pretrained("microsoft/phi-2")
W_U = model.lm_head.weight.data.float()        # [vocab, d]
TRUE = tok(" true", add_special_tokens=False)["input_ids"][0]
FALSE = tok(" false", add_special_tokens=False)["input_ids"][0]
PAIRS = [("Ice is cold", "Ice is hot"), ("Snow is white", "Snow is black"), ("Gold is a metal", "Gold is a gas")]


def last_hidden(text, layer):
    with torch.no_grad():
        out = model(**tok(text + ". This statement is", return_tensors="pt"), output_hidden_states=True)
    return out.hidden_states[layer][0, -1].float()


def truth_dirs(layer):
    return [last_hidden(t, layer) - last_hidden(f, layer) for t, f in PAIRS]


wu_diff = W_U[TRUE] - W_U[FALSE]               # the logit-difference direction
for layer in (8, 16, 24):
    dirs = truth_dirs(layer)
    mean_dir = torch.stack(dirs).mean(0)
    c = torch.nn.functional.cosine_similarity(mean_dir, wu_diff, 0).item()
    pair_cos = [torch.nn.functional.cosine_similarity(a, b, 0).item()
                for a, b in itertools.combinations(dirs, 2)]
    print(f"L{layer}: cos(dir, true-false) = {c:+.3f}  consistency = {sum(pair_cos) / len(pair_cos):+.2f}")
