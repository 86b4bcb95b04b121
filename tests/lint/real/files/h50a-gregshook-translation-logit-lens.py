# Synthetic rewrite of the shape of gregshook/logit_lens_for_translation:Experiments/experiments_script_english_instructions.py at 7cf165308e644bcc41fcbe8fb34b8b7661ef77ac (licence NOASSERTION); not the original text.
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


def layerwise_topk(texts, tok, lm, k=10):
    """Read each decoder layer's last-position state through the final norm and lm_head."""
    rows = []
    for text in texts:
        captured = []
        handles = [blk.register_forward_hook(lambda m, i, o: captured.append(o))
                   for blk in lm.model.layers]
        enc = tok(text, return_tensors="pt").to(lm.device)
        with torch.no_grad():
            lm(**enc)
        for h in handles:
            h.remove()
        for depth, out in enumerate(captured):
            state = out[0] if isinstance(out, tuple) else out
            last = lm.model.norm(state[:, -1, :])
            scores = last @ lm.lm_head.weight.T
            p = torch.softmax(scores, dim=-1)
            top = torch.topk(p, k, dim=-1)
            rows.append({"prompt": text, "layer": depth + 1,
                         "top": [(tok.decode([t]), float(v)) for t, v in
                                 zip(top.indices[0].tolist(), top.values[0].tolist())]})
    return rows


if __name__ == "__main__":
    name = "meta-llama/Llama-3.2-1B"
    tok = AutoTokenizer.from_pretrained(name)
    lm = AutoModelForCausalLM.from_pretrained(name, torch_dtype=torch.float16, device_map="auto")
    prompts = ["Translate from German to Czech: German: Guten Morgen. Czech:"]
    for r in layerwise_topk(prompts, tok, lm):
        print(r["layer"], r["top"][:3])
