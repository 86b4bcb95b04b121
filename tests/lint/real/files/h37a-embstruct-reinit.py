# Synthetic rewrite of the shape of cmdowney88/EmbeddingStructure:src/reinitialize_embeddings.py at e2934ed195305444f527880d7f847314c61fc9fc (licence MIT); not the original text.
import copy
from collections import defaultdict

import torch
from transformers import AutoModelForMaskedLM, AutoTokenizer, XLMRobertaTokenizer

SPECIAL = ["<s>", "</s>", "<unk>", "<pad>", "<mask>"]


def ids_per_script(vocab, script_of, split_by_position=True):
    groups = defaultdict(list)
    for tok, idx in vocab.items():
        if tok in SPECIAL:
            groups["special"].append(idx)
        body = tok[1:] if tok.startswith("\u2581") and len(tok) > 1 else tok
        key = script_of(body)
        if split_by_position:
            key += "_initial" if tok.startswith("\u2581") else "_medial"
        groups[key].append(idx)
    return groups


def sample_from_script_stats(old_vocab, old_table, new_vocab, new_table, script_of):
    old_groups, new_groups = ids_per_script(old_vocab, script_of), ids_per_script(new_vocab, script_of)
    for key in set(old_groups) & set(new_groups):
        if key == "special":
            continue
        block = torch.stack([old_table[i] for i in old_groups[key]])
        std, mean = torch.std_mean(block, dim=0)
        dist = torch.distributions.Normal(mean, std)
        for i in new_groups[key]:
            new_table[i] = dist.sample()
    return new_table


def rebuild(old_dir, new_spm, script_of, out_path):
    mlm = AutoModelForMaskedLM.from_pretrained(old_dir)
    old_vocab = AutoTokenizer.from_pretrained(old_dir).get_vocab()
    old_table = copy.deepcopy(mlm.get_input_embeddings().weight).detach()
    new_vocab = XLMRobertaTokenizer(vocab_file=new_spm).get_vocab()
    new_table = torch.nn.Embedding(len(new_vocab), mlm.config.hidden_size).weight.detach()
    for tok in SPECIAL:
        new_table[new_vocab[tok]] = old_table[old_vocab[tok]]
    new_table = sample_from_script_stats(old_vocab, old_table, new_vocab, new_table, script_of)
    for tok, idx in new_vocab.items():  # copy rows of tokens both vocabularies share
        if tok in old_vocab and tok not in SPECIAL:
            new_table[idx] = old_table[old_vocab[tok]]
    torch.save(new_table, out_path)
