# expect: COS301
"""Helpers that compare a probe with the head: each class's row of a multinomial probe against the
unembedding row of its class token, both normalised and multiplied elementwise (the docstring says
which parameter holds the unembedding rows); a soft prompt's average ranked by cosine against the unit
token rows of a tied GPT-2. The look-alikes stay quiet: a binary probe's single row
(`probe.linear.weight.squeeze(0)`) read through the head as a logit lens, and classifier rows against
their own class means (NC3).

Helpers that stack rows of their parameter (`torch.stack([readout[ids[0]] for ids in id_lists])`, or
appended in a loop) give the rows of what the caller passes: label rows for a head, nothing for hidden
states.

Shapes seen in public probing and soft-prompt code; written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F
from transformers import GPT2LMHeadModel


def probe_readout_alignment(w_probe, e_task):
    """Per-class alignment of a probe with the readout.

    Args:
        w_probe: probe weights [num_classes, hidden_dim]
        e_task: the class tokens' unembedding rows [num_classes, hidden_dim]
    """
    w_unit = F.normalize(w_probe, dim=1, eps=1e-8)
    e_unit = F.normalize(e_task, dim=1, eps=1e-8)
    return (w_unit * e_unit).sum(dim=1)  # expect: COS120


def name_prefix(prefix, k=3):
    gpt2 = GPT2LMHeadModel.from_pretrained("gpt2")
    table = gpt2.transformer.wte.weight
    unit_rows = table / table.norm(dim=1, keepdim=True)
    centre = prefix.mean(0)
    centre = centre / centre.norm()
    return torch.topk(torch.matmul(unit_rows, centre), k=k).indices  # expect: COS150


def probe_vocab_lens(probe, W_U, top_k=20):
    direction = probe.linear.weight.squeeze(0)  # a one-logit probe: [d_model]
    return (W_U @ direction).topk(top_k)


def self_duality(classifier_weights, class_means):
    w_unit = F.normalize(classifier_weights, dim=1)
    m_unit = F.normalize(class_means, dim=1)
    return (w_unit * m_unit).sum(dim=1)


def class_token_rows(readout, tokenizer, class_names):
    picked = []
    for name in class_names:
        ids = tokenizer.encode(name, add_special_tokens=False)
        picked.append(readout[ids].mean(0) if len(ids) > 1 else readout[ids[0]])
    return torch.stack(picked)


def first_token_rows(readout, id_lists):
    return torch.stack([readout[ids[0]] for ids in id_lists])


def class_pair_cosines(model, tokenizer):
    heads = class_token_rows(model.get_output_embeddings().weight, tokenizer, ["cat", "dog"])
    firsts = first_token_rows(model.lm_head.weight, [[3], [4]])
    return (
        F.cosine_similarity(heads[0], heads[1], dim=0),  # expect: COS101
        F.cosine_similarity(firsts[0], firsts[1], dim=0),  # expect: COS101
    )


def hidden_pair_cosines(states, tokenizer):
    rows = first_token_rows(states, [[0], [1]])  # hidden states, not the head
    return F.cosine_similarity(rows[0], rows[1], dim=0)


def nearest_tokens(vec, k=5):
    unit_rows = F.normalize(GPT2LMHeadModel.from_pretrained("gpt2").lm_head.weight, dim=-1)
    return torch.topk(unit_rows @ (vec / vec.norm()), k=k).indices


def name_prompt(prompt_vectors):
    avg = prompt_vectors.mean(0)
    return nearest_tokens(avg)  # expect: COS120


def name_prompt_inline(prompt_vectors):
    return nearest_tokens(prompt_vectors.mean(0))  # expect: COS120


def name_prompt_np(prompt_vectors):
    return nearest_tokens(torch.mean(prompt_vectors, 0))  # expect: COS120


def row_against_class_mean(features, labels, c):
    return nearest_tokens(features[labels == c].mean(0))  # a class mean against the rows (NC)


def row_against_class_mean_np(features, labels, c):
    return nearest_tokens(torch.mean(features[labels == c], 0))
