# cosaudit corpus, synthetic file: same shape as callummcdougall/ARENA_2.0/chapter1_transformers/exercises/part4_interp_on_algorithmic_model/solutions.py at e805ad8772b81fa44252ab3b7590ac614aa29376 (licence NOASSERTION); new code, no text copied.
import torch as t
from transformer_lens import HookedTransformer


def unbalanced_direction(model: HookedTransformer) -> t.Tensor:
    """Residual direction that pushes the classifier towards 'unbalanced' (class 0) over 'balanced' (class 1)."""
    return model.W_U[:, 0] - model.W_U[:, 1]


def token_embedding(model, tokenizer, char):
    return model.W_E[tokenizer.t_to_i[char]]


def left_right_ov_vectors(model, tokenizer, ln_coefs):
    w_ov = model.W_V[0, 0] @ model.W_O[0, 0]
    v_left = token_embedding(model, tokenizer, "(") @ ln_coefs.T @ w_ov
    v_right = token_embedding(model, tokenizer, ")") @ ln_coefs.T @ w_ov
    return v_left, v_right


def cos_with_mlp_inputs(model, v, layer):
    w_in = model.W_in[layer]
    return (v / v.norm()) @ (w_in / w_in.norm(dim=0, keepdim=True))


def mean_sq_cos_random(v, n=1000):
    others = t.randn(n, v.shape[0])
    return t.cosine_similarity(v[None], others, dim=-1).pow(2).mean().item()


def report(model, tokenizer, ln_coefs):
    direction = unbalanced_direction(model)
    print("norm of the unbalanced direction:", direction.norm().item())
    v_left, v_right = left_right_ov_vectors(model, tokenizer, ln_coefs)
    print("cos(v_left, v_right):", t.cosine_similarity(v_left, v_right, dim=0).item())
    for layer in (0, 1):
        print(f"mean sq cos with MLP{layer} inputs:", cos_with_mlp_inputs(model, v_right, layer).pow(2).mean().item())
    print("mean sq cos with random vectors:", mean_sq_cos_random(v_right))
