# cosaudit corpus, synthetic file: same shape as KomeijiForce/KeyNavi/zerogen.py at 54ac4e3ed3521f57793151927cd5a15699a8403f (licence NOASSERTION); new code, no text copied.
import json
import re

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

MODEL = "meta-llama/Meta-Llama-3-8B-Instruct"
tok = AutoTokenizer.from_pretrained(MODEL)
lm = AutoModelForCausalLM.from_pretrained(MODEL).eval().to("cuda")


def complete_quoted(text, steps=48):
    for _ in range(steps):
        nxt = lm(**tok(text, return_tensors="pt").to("cuda")).logits[0, -1].argmax()
        piece = tok.decode(nxt)
        text += piece
        if '"' in piece:
            break
    found = re.findall(r'"(.*)?"', text)
    return found[-1] if found else "nothing"


def numbered(items):
    return "".join(f'{i + 1}. "{x}"\n' for i, x in enumerate(items)) + f'{len(items) + 1}. "'


task = "Please write some positive sentences."
seen, outputs = [], []
with torch.no_grad():
    for _ in range(10):
        budget = 10
        prompt = f"{task}\n\nAnswer:\n{numbered(outputs)}"
        out = lm(**tok(prompt, return_tensors="pt").to("cuda"), output_hidden_states=True)
        query = out.hidden_states[-1][0, -1]
        head = lm.lm_head.weight
        # head = torch.nn.functional.normalize(head)
        scores = (query.unsqueeze(0) * head).sum(-1)
        order = scores.argsort(descending=True)
        rows = lm.lm_head.weight[order]
        for row, idx in zip(rows, order):
            piece = tok.decode(idx)
            if piece in seen:
                continue
            seen.append(piece)
            outputs.append(complete_quoted(prompt + piece))
            budget -= 1
            if budget == 0:
                break

json.dump(outputs, open("positive.zerogen.json", "w"))
