# Synthetic rewrite of the shape of andreasgrv/unargmaxable:bin/stollen_hugging at d70d30fb0eec92c0989c8b02337c5af0ab1bca85 (licence MIT); not the original text.
import numpy as np
from transformers import pipeline

from stollen import StolenProbabilitySearch


def output_layer(pipe):
    head = pipe.model.get_output_embeddings()
    W = head.weight.detach().numpy()                 # (n_classes, dim)
    bias = None
    if getattr(pipe.model, "final_logits_bias", None) is not None:
        bias = pipe.model.final_logits_bias.detach().numpy().T
    elif getattr(head, "bias", None) is not None:
        bias = head.bias.detach().numpy().reshape(-1, 1)
    return W, bias


def check_model(task, name, low=-100.0, high=100.0, patience=100):
    pipe = pipeline(task, name)
    W, bias = output_layer(pipe)
    inverse_vocab = {i: t for t, i in pipe.tokenizer.get_vocab().items()}
    search = StolenProbabilitySearch(W, b=bias)
    # a class is "bounded" if no hidden state in the box makes it the argmax
    found = search.find_bounded_classes(class_list=list(range(W.shape[0])),
                                        lb=low, ub=high, patience=patience)
    bounded = [r for r in found if r["is_bounded"]]
    for r in bounded:
        print(r["index"], inverse_vocab[r["index"]])
    print(f"{len(bounded)}/{len(found)} classes cannot be the argmax")
    return bounded
