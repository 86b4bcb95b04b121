"""A masked LM loaded by a checkpoint name the file does not give (`from_pretrained(model_name)`, from
a command line or a list of seeds): BERT, RoBERTa, ALBERT, ELECTRA and XLM-R tie their MLM head to the
token table beside learned positions, so nearest tokens by cosine over that table read rows fixed only
up to a translation that keeps the model (COS150, the message says it is assumed). The decoding loop
picks the metric in a branch, and takes the nearest row as the argmin of negated cosines.

Shapes seen in public soft-prompt back-translation code; written for cosaudit's tests.
"""
import torch
from transformers import AutoModelForMaskedLM, AutoTokenizer


def nearest_tokens(prompt_vectors, checkpoints, metric="euclidean"):
    for checkpoint in checkpoints:
        mlm = AutoModelForMaskedLM.from_pretrained(checkpoint)
        table = mlm.get_input_embeddings().weight
        picked = []
        for vector in prompt_vectors:
            if metric == "cosine":
                score = -torch.nn.functional.cosine_similarity(vector[None], table, dim=-1)  # expect: COS150
            else:
                score = torch.cdist(vector[None], table).squeeze(0)
            picked.append(int(torch.argmin(score)))
        print(AutoTokenizer.from_pretrained(checkpoint).decode(picked))


def farthest_token(vector, checkpoint):
    table = AutoModelForMaskedLM.from_pretrained(checkpoint).get_input_embeddings().weight
    scores = torch.nn.functional.cosine_similarity(vector[None], table, dim=-1) * -1  # expect: COS150
    return scores.argmin()
