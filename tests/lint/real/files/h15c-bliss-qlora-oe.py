# cosaudit corpus, synthetic file: same shape as cindyli/baby-bliss-bot/jobs/bliss-gloss/multi-tokens-phrase/qlora_embedding_exploration.py at 6c1179dccc7402bd2506c494733444b57fbcc484 (licence BSD-3-Clause); new code, no text copied.
"""After adding a token for a two-word gloss and fine-tuning only the attention layers with QLoRA,
check how far the new token's embeddings (and those of a related word) moved."""
import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer

BASE = "llama-3.1-8b-with-new-token"
TUNED = "llama-3.1-8b-qlora-attention-only"
NEW_TOKEN = "[GLOSS_4711]"
NEIGHBOUR = " yarn"


def rows(model, idx):
    inp = model.get_input_embeddings().weight.data[idx].float().clone()
    out = model.get_output_embeddings().weight.data[idx].float().clone()
    return inp, out


tok = AutoTokenizer.from_pretrained(BASE)
new_id = tok.convert_tokens_to_ids(tok.tokenize(NEW_TOKEN))[0]
other_id = tok.convert_tokens_to_ids(tok.tokenize(NEIGHBOUR))[0]

before = AutoModelForCausalLM.from_pretrained(BASE)
new_in_0, new_out_0 = rows(before, new_id)
other_in_0, other_out_0 = rows(before, other_id)
del before

after = AutoModelForCausalLM.from_pretrained(TUNED)
new_in_1, new_out_1 = rows(after, new_id)
other_in_1, other_out_1 = rows(after, other_id)

print("new token, input row  before/after:", F.cosine_similarity(new_in_0, new_in_1, dim=0).item())
print("new token, output row before/after:", F.cosine_similarity(new_out_0, new_out_1, dim=0).item())
print(f"{NEIGHBOUR!r}, output row before/after:", F.cosine_similarity(other_out_0, other_out_1, dim=0).item())
