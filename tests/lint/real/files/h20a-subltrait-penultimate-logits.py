# Synthetic rewrite of the shape of AanshSamyani/subliminal_trait_classifier:scripts/run_evaluation_preferences.py at 227500080ea35802c90a801adbdb1535ddcadf92 (licence NOASSERTION); not the original text.
"""Evaluate animal-preference answers, optionally reading logits out of an earlier layer."""
import argparse
import types

from peft import PeftModel
from transformers import AutoModelForCausalLM, AutoTokenizer


def read_logits_from_layer(model, layer_idx=-1):
    """Swap forward so logits come from hidden_states[layer_idx + 1] via final norm + lm_head."""
    base_forward = model.forward
    norm = model.model.norm

    def forward_from_layer(self, *args, **kwargs):
        kwargs["output_hidden_states"] = True
        kwargs["return_dict"] = True
        result = base_forward(*args, **kwargs)
        hidden = norm(result.hidden_states[layer_idx + 1])
        logits = self.lm_head(hidden)
        result.logits = logits
        return result

    model.forward = types.MethodType(forward_from_layer, model)
    model.__call__ = types.MethodType(forward_from_layer, model)
    return model


def load_checkpoint(ckpt, base_name, is_base, layer=None):
    tok = AutoTokenizer.from_pretrained(ckpt)
    base = AutoModelForCausalLM.from_pretrained(base_name, torch_dtype="auto")
    model = base if is_base else PeftModel.from_pretrained(base, ckpt)
    if layer is not None:
        if not is_base:
            model = model.merge_and_unload()
        model = read_logits_from_layer(model, layer)
    return tok, model.eval()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--model_dir", required=True)
    ap.add_argument("--base_model", required=True)
    ap.add_argument("--compute_logits_from", type=int, default=None)
    ns = ap.parse_args()
    tokenizer, lm = load_checkpoint(ns.model_dir, ns.base_model, False, ns.compute_logits_from)
