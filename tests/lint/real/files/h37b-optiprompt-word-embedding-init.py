# Synthetic rewrite of the shape of princeton-nlp/OptiPrompt:code/run_optiprompt.py at 9450bc96f28ac3df01337c79be079a2ac3defb5c (licence MIT); not the original text.
import os

import numpy as np
import torch

MAX_SLOTS = 10


def slot_name(i):
    return '[S%d]' % i


def seed_slots_from_template(template, prober):
    """Copy the input word-embedding row of each template word into a fresh slot token."""
    table = prober.encoder.embeddings.word_embeddings.weight
    out, k = [], 0
    for word in template.split():
        if word in ('[X]', '[Y]'):
            out.append(word)
            continue
        for piece in prober.tokenizer.tokenize(' ' + word):
            k += 1
            dst = prober.tokenizer.convert_tokens_to_ids([slot_name(k)])[0]
            src = prober.tokenizer.convert_tokens_to_ids([piece])[0]
            with torch.no_grad():
                table[dst] = table[src].detach().clone()
            out.append(slot_name(k))
    return ' '.join(out)


def dump_slots(prober, base_vocab, out_dir):
    rows = prober.encoder.embeddings.word_embeddings.weight[base_vocab:]
    np.save(os.path.join(out_dir, 'slots.npy'), rows.detach().cpu().numpy())


def restore_slots(prober, base_vocab, out_dir):
    rows = np.load(os.path.join(out_dir, 'slots.npy'))
    with torch.no_grad():
        prober.encoder.embeddings.word_embeddings.weight[base_vocab:] = torch.tensor(rows)
