# Synthetic rewrite of the shape of jordisassoon/OSBC:clip_decomposed.py at 5e81e356f1e300b6d31775d07328911b0396d2e4 (licence NOASSERTION); not the original text.
import requests
import torch
from PIL import Image
from transformers import (
    AutoProcessor,
    AutoTokenizer,
    CLIPTextModelWithProjection,
    CLIPVisionModelWithProjection,
)

CKPT = "openai/clip-vit-base-patch32"

text_tower = CLIPTextModelWithProjection.from_pretrained(CKPT)
tok = AutoTokenizer.from_pretrained(CKPT)
captions = ["a picture of a horse", "a picture of a zebra", "a picture of a donkey"]
text_embeds = text_tower(**tok(captions, padding=True, return_tensors="pt")).text_embeds

vision_tower = CLIPVisionModelWithProjection.from_pretrained(CKPT)
proc = AutoProcessor.from_pretrained(CKPT)
img = Image.open(requests.get("https://example.org/field.jpg", stream=True).raw)
image_embeds = vision_tower(**proc(images=img, return_tensors="pt")).image_embeds

# image against each caption, turned into a distribution over the captions
output = torch.matmul(image_embeds, text_embeds.T)
print(output.softmax(dim=1))
