# cosaudit corpus, synthetic file: same shape as denizhanakar/investigating_extended_logit_lens/old_investigate_extended.py at e1175f6c0ad753bf6f2bc740d20389455a884cc2 (licence NOASSERTION); new code, no text copied.
"""Extended logit lens on the IOI task.

A plain lens reads each layer's residual through the final unembedding. Here we also try starting
the unembedding from a later hook (e.g. after block L's attention) so that the readout includes
part of the remaining computation.
"""
import torch
from transformer_lens import HookedTransformer

SKIP_PROCESSING = False   # set True to compare W_E and W_U directly

model = HookedTransformer.from_pretrained(
    "gpt2-small",
    fold_ln=not SKIP_PROCESSING,
    center_writing_weights=not SKIP_PROCESSING,
    center_unembed=not SKIP_PROCESSING,
)

templates = [
    "When John and Mary went to the store, {} gave a drink to",
    "After Tom and Anna met at the park, {} handed a book to",
]
names = [(" Mary", " John"), (" Anna", " Tom")]
prompts, answers = [], []
for tpl, (io, s) in zip(templates, names):
    for subject, indirect in ((s, io), (io, s)):
        prompts.append(tpl.format(subject.strip()))
        answers.append((indirect, subject))

tokens = model.to_tokens(prompts)
answer_tokens = torch.tensor([[model.to_single_token(a), model.to_single_token(b)] for a, b in answers])
logits, cache = model.run_with_cache(tokens)


def mean_logit_gap(logits, answer_tokens):
    last = logits[:, -1, :]
    right = last.gather(-1, answer_tokens[:, :1])
    wrong = last.gather(-1, answer_tokens[:, 1:])
    return (right - wrong).mean()


print("clean logit gap:", mean_logit_gap(logits, answer_tokens).item())

# unembedding directions of the two candidate names, after LayerNormPre folding
unembed_dirs = model.tokens_to_residual_directions(answer_tokens)        # [batch, 2, d_model]
gap_dirs = unembed_dirs[:, 0] - unembed_dirs[:, 1]                         # [batch, d_model]


def stack_to_gap(stack, cache):
    scaled = cache.apply_ln_to_stack(stack, layer=-1, pos_slice=-1)
    return (scaled * gap_dirs).sum(-1).mean(-1)


acc_resid, labels = cache.accumulated_resid(layer=-1, incl_mid=True, pos_slice=-1, return_labels=True)
per_layer_gap = stack_to_gap(acc_resid, cache)
for lab, value in zip(labels, per_layer_gap.tolist()):
    print(f"{lab:>14s}  {value:+.3f}")


def lens_from(hook_name, start_layer):
    """Overwrite the stream at hook_name with the cached value and run the rest of the model."""
    def patch(act, hook):
        return cache[hook_name]
    return model.run_with_hooks(tokens, fwd_hooks=[(hook_name, patch)], start_at_layer=start_layer)
