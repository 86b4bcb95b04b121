# cosaudit corpus, synthetic file: same shape as jasshone/takehome/topic_b_part4_cosine_baseline.py at c99c1a36b35f5d0371dc1dff993672ad61ef0997 (licence NOASSERTION); new code, no text copied.
"""
Part 4, baseline: how well does the Eq. 1 cosine between the concept token and each number token predict the shift
of that number's logit when the model is told it loves the animal?
"""
import numpy as np
import pandas as pd
import torch
from scipy import stats

from topic_b_utils import ANIMAL_PROMPT_TEMPLATE, get_all_number_tokens, load_model

model, tokenizer = load_model()
ANIMALS = ["owl", "eagle", "wolf", "fox", "cat", "dog", "horse", "dolphin", "whale", "panda"]


def one_token(word):
    ids = tokenizer(" " + word, add_special_tokens=False).input_ids
    return ids[0] if len(ids) == 1 else None


@torch.no_grad()
def last_logits(system=None):
    msgs = ([{"role": "system", "content": system}] if system else []) + [
        {"role": "user", "content": "What is your favorite animal?"},
        {"role": "assistant", "content": "My favorite animal is the"}]
    text = tokenizer.apply_chat_template(msgs, continue_final_message=True, tokenize=False)
    return model(**tokenizer(text, return_tensors="pt").to(model.device)).logits[0, -1]


U = model.lm_head.weight.detach()
num_ids, num_strs = get_all_number_tokens(tokenizer)
num_ids = torch.tensor(num_ids, device=U.device)
U_nums = U[num_ids]
base = last_logits()[num_ids]

rows = []
for animal in ANIMALS:
    a = one_token(animal)
    if a is None:
        continue
    delta = (last_logits(ANIMAL_PROMPT_TEMPLATE.format(animal=animal + "s"))[num_ids] - base).cpu().numpy()
    u_a = U[a]
    dots = U_nums @ u_a
    cos = (dots / (U_nums.norm(dim=1) * u_a.norm() + 1e-12)).cpu().numpy()
    rho, p = stats.spearmanr(cos, delta)
    rows.append({"animal": animal, "rho_cos": rho, "p": p, "best_number": num_strs[int(np.argmax(delta))]})

df = pd.DataFrame(rows).sort_values("rho_cos", ascending=False)
print(df)
print("mean rho", df["rho_cos"].mean())
