# Synthetic rewrite of the shape of GeoNicol/mech-interp:09_unlearning_refusal/unlearning_refusal.py at 1f36c3c7db17ce9145e749ab529b15544701cebc (licence MIT); not the original text.
# Idea kept: load unlearned checkpoints into TransformerLens without centring
# the unembedding, build unit difference-of-means directions (refusal, forget)
# at the layer of largest separation, project them out of every residual
# stream, and score how much forgotten knowledge the model then recalls.
import torch
from transformer_lens import HookedTransformer
from transformers import AutoModelForCausalLM, AutoTokenizer

BASE = "meta-llama/Llama-3.2-1B-Instruct"


def load(ckpt):
    hf = AutoModelForCausalLM.from_pretrained(ckpt, torch_dtype=torch.bfloat16)
    tok = AutoTokenizer.from_pretrained(ckpt)
    m = HookedTransformer.from_pretrained(BASE, hf_model=hf, tokenizer=tok, fold_ln=False,
                                          center_writing_weights=False, center_unembed=False)
    return m, tok


def mean_last_resid(model, tok, prompts):
    n = model.cfg.n_layers
    total = torch.zeros(n, model.cfg.d_model)
    for p in prompts:
        ids = model.to_tokens(tok.apply_chat_template([{"role": "user", "content": p}],
                                                      add_generation_prompt=True, tokenize=False),
                              prepend_bos=False)
        _, cache = model.run_with_cache(ids, names_filter=lambda s: s.endswith("hook_resid_post"))
        for L in range(n):
            total[L] += cache[f"blocks.{L}.hook_resid_post"][0, -1].float().cpu()
    return total / len(prompts)


def unit_direction(a, b, n_layers):
    gap = a - b
    mid = slice(n_layers // 4, 3 * n_layers // 4)
    layer = int(gap[mid].norm(dim=-1).argmax()) + n_layers // 4
    return gap[layer] / gap[layer].norm(), layer


def ablate(d):
    d = d.to(torch.bfloat16)
    return lambda resid, hook: resid - (resid @ d).unsqueeze(-1) * d
