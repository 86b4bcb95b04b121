# cosaudit corpus, synthetic file: same shape as maria-igntv/Logit-Lens-in-LMMs-Research-Work/logit_lens_analysis.py at ebdf93166412451149970f2116db39e0ca2e260d (licence NOASSERTION); new code, no text copied.
"""Layer-by-layer top-1 token and entropy of a vision-language model while it writes a caption."""
import pandas as pd
import torch
import torch.nn.functional as F


@torch.no_grad()
def caption_lens(model, processor, image, prompt, steps=20, device="cuda"):
    batch = processor(images=image, text=prompt, return_tensors="pt").to(device)
    seq = batch["input_ids"]
    cache = None
    top_ids, entropies, table = [], [], []
    for _ in range(steps):
        out = model(
            input_ids=seq if cache is None else seq[:, -1:],
            pixel_values=batch["pixel_values"],
            attention_mask=torch.ones_like(seq),
            image_grid_thw=batch["image_grid_thw"],
            past_key_values=cache,
            output_hidden_states=True,
            use_cache=True,
        )
        per_layer_ids, per_layer_h = [], []
        # read every layer through the language head (logit lens)
        for h in out.hidden_states:
            logits = model.lm_head(h[:, -1, :])
            per_layer_ids.append(int(logits.argmax(dim=-1)))
            p = F.softmax(logits.float(), dim=-1)
            per_layer_h.append(float(-(p * p.clamp_min(1e-12).log()).sum()))
            del logits, p
        top_ids.append(per_layer_ids)
        entropies.append(per_layer_h)
        table.append([repr(processor.tokenizer.decode([i]).strip()) for i in per_layer_ids])
        nxt = torch.tensor([[per_layer_ids[-1]]], device=device)
        seq = torch.cat([seq, nxt], dim=-1)
        cache = out.past_key_values
    return pd.DataFrame(table).T, entropies
