# cosaudit corpus, synthetic file: same shape as cindyli/baby-bliss-bot/jobs/bliss-gloss/compare_new_token_effects.py at 4ca7483432761e3179772aa364076a49c00510ff (licence BSD-3-Clause); new code, no text copied.
"""Two new symbol tokens get the input rows of ' lamp' and ' sheep'. Does a phrase with the new token
behave like the phrase with the old word? Compare the embedded inputs and the final hidden states."""
import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer

MODEL = "Meta-Llama-3.1-8B"
PAIRS = {"[SYM_LAMP]": " lamp", "[SYM_SHEEP]": " sheep"}
PHRASES = {" lamp": ["Turn on the lamp please.", "The lamp was broken."],
           " sheep": ["A sheep grazed nearby.", "Count every sheep tonight."]}

tok = AutoTokenizer.from_pretrained(MODEL)
model = AutoModelForCausalLM.from_pretrained(MODEL)
tok.add_tokens(list(PAIRS))
model.resize_token_embeddings(len(tok))
table = model.get_input_embeddings().weight.data
for new, old in PAIRS.items():
    table[tok.convert_tokens_to_ids(new)] = table[tok.encode(old, add_special_tokens=False)[0]]


def encode(text):
    batch = tok(text, return_tensors="pt")
    with torch.no_grad():
        out = model(**batch, output_hidden_states=True)
    return model.get_input_embeddings()(batch["input_ids"]), out.hidden_states[-1]


for new, old in PAIRS.items():
    for text in PHRASES[old]:
        in_a, last_a = encode(text)
        in_b, last_b = encode(text.replace(old, new))
        input_cos = F.cosine_similarity(in_a, in_b, dim=2)[0]
        state_cos = F.cosine_similarity(last_a, last_b, dim=2)[0]
        print(text, "| inputs", [round(v, 3) for v in input_cos.tolist()])
        print(text, "| final states", [round(v, 3) for v in state_cos.tolist()])
