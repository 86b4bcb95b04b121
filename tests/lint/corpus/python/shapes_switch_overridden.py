"""A token table centred over the vocabulary only when a switch is on, and a call that turns the
switch off: both branches may run, so the dendrogram may cluster the raw rows of GPT-2's table (tied
to its head, with learned positions). Also switches a framework sets (`@click.option`) or that are
handed to another function (`fire.Fire(main)`), and the switches of a function this module never
calls (the modules that import it set them): their defaults decide nothing.

Shapes seen in public interpretability code; written for cosaudit's tests.
"""
import click
import fire
import torch
import torch.nn.functional as F
from scipy.cluster.hierarchy import linkage
from transformers import GPT2LMHeadModel

model = GPT2LMHeadModel.from_pretrained("gpt2")


def vocabulary_rows(ids, subtract_mean=True):
    table = model.get_input_embeddings().weight
    if subtract_mean:
        table = table - table.mean(dim=0, keepdim=True)
    return table[ids].detach().numpy()


def dendrogram_of(ids):
    rows = vocabulary_rows(ids, subtract_mean=False)
    return linkage(rows, method="average", metric="cosine")  # expect: COS150


@click.command()
@click.option("--centre/--no-centre", default=True)
def cli(ids, centre=True):
    table = model.get_input_embeddings().weight
    if centre:
        table = table - table.mean(dim=0, keepdim=True)
    return torch.cosine_similarity(table[ids[0]], table[ids[1]], dim=0)  # expect: COS150


def main(ids, centre=True):
    table = model.get_input_embeddings().weight
    if centre:
        table = table - table.mean(dim=0, keepdim=True)
    return torch.cosine_similarity(table[ids[0]], table[ids[1]], dim=0)  # expect: COS150


fire.Fire(main)


def plot_against_vocabulary(features, against_vocabulary=False):
    """Called only by the modules that import it: either branch may run."""
    if against_vocabulary:
        rows = F.normalize(model.get_output_embeddings().weight, dim=1)
        return (F.normalize(features, dim=1) @ rows.T).max(dim=1).values  # expect: COS120
    return (F.normalize(features, dim=1) @ F.normalize(features, dim=1).T).max(dim=1).values


def called_here(features, against_vocabulary=False):
    if against_vocabulary:  # no call here sets it: never taken
        rows = F.normalize(model.get_output_embeddings().weight, dim=1)
        return (F.normalize(features, dim=1) @ rows.T).max(dim=1).values
    return features.norm(dim=1)


print(called_here(torch.randn(4, 768)))
