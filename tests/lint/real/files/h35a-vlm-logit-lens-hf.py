# Synthetic rewrite of the shape of arsh-6626/logit-lens-vlm:logit_lens_hf.py at 6951d42245670fb6830044a6952d135e0e178548 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F
from transformers import AutoModelForImageTextToText, AutoProcessor, TopKLogitsWarper


def caption_with_lens(model_id: str, image, prompt: str, k: int = 40, new_tokens: int = 128):
    model = AutoModelForImageTextToText.from_pretrained(model_id, torch_dtype=torch.bfloat16).eval()
    proc = AutoProcessor.from_pretrained(model_id)
    chat = [{"role": "user", "content": [{"type": "text", "text": prompt},
                                         {"type": "image", "image": image}]}]
    batch = proc.apply_chat_template(chat, add_generation_prompt=True, tokenize=True,
                                     return_dict=True, return_tensors="pt").to(model.device)
    start = batch["input_ids"].shape[-1]
    with torch.inference_mode():
        gen = model.generate(**batch, max_new_tokens=new_tokens, do_sample=False,
                             output_hidden_states=True, return_dict_in_generate=True)
    text = proc.decode(gen.sequences[0][start:], skip_special_tokens=True)

    # final-layer state of the newest position at every decoding step
    finals = torch.cat([step[-1][:, -1:, :] for step in gen.hidden_states], dim=1)
    with torch.inference_mode():
        logits = model.language_model.lm_head(finals).float().cpu()
        logp = F.log_softmax(logits, dim=-1)
        kept = TopKLogitsWarper(top_k=k, filter_value=float("-inf"))(gen.sequences[:, start:].cpu(), logp)
        probs = F.softmax(kept, dim=-1)
    return text, probs.squeeze(0).numpy()
