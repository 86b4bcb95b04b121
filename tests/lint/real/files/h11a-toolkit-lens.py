# cosaudit corpus, synthetic file: same shape as paprslip/mech-interp-toolkit/transformers/logit_lens.py at 2a46fe77537e4a081f0190e9dbe0e2e7bc73c862 (licence NOASSERTION); new code, no text copied.
"""Logit lens for Hugging Face causal LMs: decode every layer's hidden state with the final norm and the LM head."""
import matplotlib.pyplot as plt
import numpy as np
import seaborn as sns
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


def layer_logits(model, hidden_states):
    out = []
    if hasattr(model, "transformer"):          # GPT-2 style
        for h in hidden_states[:-1]:
            out.append(model.transformer.ln_f(h) @ model.lm_head.weight.T)
    else:                                      # Llama style
        for h in hidden_states[:-1]:
            out.append(model.model.norm(h) @ model.lm_head.weight.T)
    out.append(hidden_states[-1] @ model.lm_head.weight.T)
    return torch.stack(out)                    # [layers+1, batch, pos, vocab]


@torch.inference_mode()
def logit_lens(model, tokenizer, prompt, show=False):
    ids = tokenizer(prompt, return_tensors="pt", add_special_tokens=False).input_ids.to(model.device)
    res = model(ids, output_hidden_states=True, return_dict=True)
    logits = layer_logits(model, res.hidden_states)[:, 0]
    probs = logits.softmax(-1)
    top_p, top_id = probs.max(-1)
    words = np.vectorize(lambda i: tokenizer.decode([int(i)]))(top_id.cpu().numpy())
    if show:
        sns.heatmap(top_p.float().cpu().numpy(), annot=words, fmt="", cmap="viridis")
        plt.show()
    return words, top_p.cpu().numpy()


if __name__ == "__main__":
    name = "gpt2"
    logit_lens(AutoModelForCausalLM.from_pretrained(name), AutoTokenizer.from_pretrained(name), "The Eiffel Tower is in", show=True)
