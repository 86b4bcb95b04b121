# expect: COS301
"""A script's functions given the head by their caller: a parameter named `W_U` that the caller fills
with `lm_head.weight` holds [vocab, d] rows, whatever TransformerLens' name says (its `W_U` is
[d, vocab]), so `cosine_similarity` of rows picked from it compares labels; the same function given a
real `W_U` compares hidden dimensions (quiet). A helper we cannot read, named for the similarity it
plots, given rows picked by a tensor of token ids inside such a function, compares them too.

Shapes seen in public research scripts that read `lm_head.weight` from a safetensors shard; written
for cosaudit's tests.
"""
import torch
from safetensors import safe_open
from sklearn.metrics.pairwise import cosine_similarity
from transformer_lens import HookedTransformer
from utils import compute_and_plot_similarity_panels

PLOTS_DIR = "results/unembed"


def read_head(shard):
    with safe_open(shard, framework="pt", device="cpu") as f:
        return f.get_tensor("lm_head.weight").float()


def word_grid(W_U, ids):
    picked = W_U[torch.tensor(ids)].numpy()
    return cosine_similarity(picked)


def panels(W_U, words, ids, key):
    token_ids_tensor = torch.tensor(ids, dtype=torch.long)
    static_rows = W_U[token_ids_tensor].numpy()
    compute_and_plot_similarity_panels(static_rows, words, PLOTS_DIR, f"panels_{key}.png", title=key)


def main():
    head = read_head("model-00004-of-00004.safetensors")
    print(word_grid(head, [11, 12, 13]))  # expect: COS101
    panels(head, ["cat", "dog"], [11, 12], "animals")  # expect: COS101


def dims(W_U):
    return cosine_similarity(W_U[:8].numpy())


tl = HookedTransformer.from_pretrained("gpt2")
print(dims(tl.W_U))

main()
