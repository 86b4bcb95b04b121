# Synthetic rewrite of the shape of jammastergirish/CambridgeERA:experiment/layerwise_wmdp_accuracy.py at 904de675c3c5681966795590284de28f6c38d081 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


def last_norm(model):
    if hasattr(model, "gpt_neox"):
        return model.gpt_neox.final_layer_norm
    if hasattr(model, "model") and hasattr(model.model, "norm"):
        return model.model.norm
    return model.transformer.ln_f


def output_head(model):
    # GPT-NeoX names its unembedding embed_out, most other families lm_head
    return getattr(model, "lm_head", None) or getattr(model, "embed_out", None)


def lens(hidden, model):
    """Read an intermediate residual stream through the model's own final norm and head."""
    head = output_head(model)
    if head is None:
        raise ValueError("no output head found")
    return head(last_norm(model)(hidden))


@torch.no_grad()
def choice_logprob(model, ids, answer_start, layer):
    out = model(ids, output_hidden_states=True)
    logits = lens(out.hidden_states[layer], model)
    logp = F.log_softmax(logits[0, answer_start - 1:-1, :], dim=-1)
    return logp.gather(-1, ids[0, answer_start:].unsqueeze(-1)).sum().item()
