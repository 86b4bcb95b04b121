# Synthetic rewrite of the shape of ekhadley/subliminal_learning:interp.py at 10cd5d68254c90db172c226784327e9480a20e18 (licence NOASSERTION); not the original text.
import torch
from einops import einsum
from transformer_lens import HookedTransformer

CHECKPOINT = "google/gemma-2b-it"
lm = HookedTransformer.from_pretrained(model_name=CHECKPOINT, device="cuda", dtype="bfloat16")
lm.requires_grad_(False)
tok = lm.tokenizer

# unembedding columns, shifted per token across the hidden features, then unit length
W_U = lm.W_U.to(torch.float32).clone()
W_U -= W_U.mean(dim=0, keepdim=True)
W_U /= W_U.norm(dim=0, keepdim=True)


def show_top_tokens(scores, k=20, label=""):
    vals, idx = torch.topk(scores, k)
    print(f"== {label} ==")
    for v, i in zip(vals.tolist(), idx.tolist()):
        print(f"{tok.decode([i])!r:>16} {v:+.4f}")


def steering_bias_scores(bias_vec):
    # one residual direction against every normalised unembedding column
    return einsum(bias_vec.float(), W_U, "d_model, d_model d_vocab -> d_vocab")


def finetune_shift_scores(tuned_mean, base_mean):
    a = tuned_mean / tuned_mean.norm()
    b = base_mean / base_mean.norm()
    shift = a - (a @ b) * b
    shift = shift / shift.norm()
    return shift @ W_U


if __name__ == "__main__":
    for animal in ["owl", "eagle", "lion"]:
        bias = torch.load(f"biases/{animal}-resid14.pt").cuda()
        show_top_tokens(steering_bias_scores(bias), label=f"bias:{animal}")
