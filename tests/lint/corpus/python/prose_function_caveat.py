"""Printed text takes the caveat of the function that prints it: a demonstration whose docstring
says the rows are fixed only up to a translation prints cosines quietly; a report that prints the
same sentence without it is flagged.

Shape seen in public code accompanying a paper on label-representation cosines; written for
cosaudit's tests.
"""
import numpy as np

head = model.lm_head.weight.detach().numpy()


def translated_heads_demo(shift):
    """Two heads whose rows differ by one shared translation give the same probabilities for
    every input, yet the cosines between their rows differ."""
    for w in (head, head + shift):
        c = w[0] @ w[1] / (np.linalg.norm(w[0]) * np.linalg.norm(w[1]))  # expect: COS101
        print(f"Cosine between unembeddings for labels 0 and 1: {c:.2f}")


def report():
    c = head[0] @ head[1] / (np.linalg.norm(head[0]) * np.linalg.norm(head[1]))  # expect: COS101
    print(f"Cosine between unembeddings for labels 0 and 1: {c:.2f}")  # expect: COS202
