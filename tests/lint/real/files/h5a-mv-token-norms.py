# cosaudit corpus, synthetic file: same shape as sbeierle/mistral-vDERAW/tools/interactive_token_editor.py at 01ae1b9f1da1cf2fb24292c3a8c466679ae62fd6 (licence NOASSERTION); new code, no text copied.
from safetensors.torch import load_file
from transformers import AutoTokenizer

SHARD = "./weights/model-00003-of-00003.safetensors"
tok = AutoTokenizer.from_pretrained("./weights/")

text = input("prompt> ").strip()
head = load_file(SHARD)["lm_head.weight"]

for tid in tok.encode(text, add_special_tokens=False):
    row_norm = head[tid].norm()
    print(f"{tid:>6} {tok.decode([tid])!r:<16} |row| = {row_norm.item():.5f}")
