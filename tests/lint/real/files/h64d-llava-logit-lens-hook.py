# Synthetic rewrite of the shape of MoiseevArt/Mechanistic-interpretability-of-multimodal-LLM:logit_lens.py at 536481d41eee822c07d2f7900c65980211131d6c (licence NOASSERTION); not the original text.
import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F
from transformers import AutoProcessor, LlavaOnevisionForConditionalGeneration

checkpoint = "llava-hf/llava-onevision-qwen2-0.5b-ov-hf"
vlm = LlavaOnevisionForConditionalGeneration.from_pretrained(checkpoint, torch_dtype=torch.float16).to(0)
proc = AutoProcessor.from_pretrained(checkpoint)


def build_inputs(picture):
    chat = [{"role": "user", "content": [{"type": "text", "text": "Name the object, one word."},
                                         {"type": "image"}]}]
    text = proc.apply_chat_template(chat, add_generation_prompt=True)
    return proc(images=picture, text=text, return_tensors="pt").to(0, torch.float16)


layer_scores = {}


def make_hook(depth):
    def grab(module, args, out):
        with torch.no_grad():
            # every decoder layer's output is read out through the language model's output head
            layer_scores[depth] = vlm.language_model.lm_head(out[0])
    return grab


def run(picture, shown=(0, 6, 12, 18, 23)):
    handles = [blk.register_forward_hook(make_hook(i))
               for i, blk in enumerate(vlm.language_model.model.layers)]
    with torch.no_grad():
        vlm(**build_inputs(picture))
    for h in handles:
        h.remove()
    for depth in shown:
        dist = F.softmax(layer_scores[depth][0, -1], dim=-1).float().cpu().numpy()
        plt.figure(figsize=(9, 3))
        plt.plot(dist)
        plt.title(f"next-token distribution read at layer {depth}")
        plt.xlabel("vocabulary id")
        plt.show()
