# Synthetic rewrite of the shape of chry-santhemum/subliminal-learning:lora_interp.py at 055071bee25d2bf6454efe53bea3b0ff0de8d331 (licence NOASSERTION); not the original text.
# Idea kept: a tied-embedding LM (Gemma) whose token table doubles as the
# unembedding; tokens are ranked by how well their unit-length output rows
# line up with the column space of a LoRA adapter written into the residual.
import torch
from peft import PeftModel
from transformers import AutoModelForCausalLM, AutoTokenizer

BASE = "unsloth/gemma-3-4b-it"
ADAPTER = "someone/gemma3-owl-numbers-mlp-lora"

tok = AutoTokenizer.from_pretrained(BASE)
base = AutoModelForCausalLM.from_pretrained(BASE, torch_dtype=torch.bfloat16)
peft_model = PeftModel.from_pretrained(base, ADAPTER).eval()


def inner_lm(model):
    m = model.model if hasattr(model, "model") else model
    return m.language_model if hasattr(m, "language_model") else m


def lens_logits(model, resid):
    """Logit lens: tied table used as the output head."""
    lm = inner_lm(model)
    table = lm.embed_tokens.weight.detach()
    return lm.norm(resid) @ table.T


def lora_up_factors(model, module_key="down_proj"):
    found = {}
    for name, mod in model.named_modules():
        if module_key in name and hasattr(mod, "lora_B"):
            found[name] = mod.lora_B["default"].weight.detach().cpu()  # (d_model, r)
    return found


def subspace_token_scores(model, basis_cols, k=20):
    lm = inner_lm(model)
    table = lm.embed_tokens.weight.detach().float()            # vocab x d_model
    unit_rows = table / table.norm(dim=1, keepdim=True)         # every head row made unit length
    q, _ = torch.linalg.qr(basis_cols.to(table.device).float())  # orthonormal basis of the LoRA span
    coords = unit_rows @ q                                        # cos of each unit row with each basis vector
    strength = coords.norm(dim=1)
    vals, idx = torch.topk(strength, k)
    return [(tok.decode([i]), v) for i, v in zip(idx.tolist(), vals.tolist())]


for mod_name, B in lora_up_factors(peft_model).items():
    print(f"== subspace lens for {mod_name} (rank {B.shape[1]}) ==")
    for rank, (t, s) in enumerate(subspace_token_scores(peft_model, B), 1):
        print(f"{rank:>3} {t!r:<20} {s:.4f}")
