# cosaudit corpus, synthetic file: same shape as jasshone/takehome/topic_b_part4_unit_logit_coupling.py at c99c1a36b35f5d0371dc1dff993672ad61ef0997 (licence NOASSERTION); new code, no text copied.
"""
Part 4: Eq. 1 cosine against a 'unit-logit coupling'

    coupling(t, c) = (U_t . U_c) / (U_c . U_c)

i.e. the predicted change of token t's logit when the concept logit goes up by one.
"""
import matplotlib.pyplot as plt
import pandas as pd
import torch
from scipy import stats

from topic_b_utils import ANIMAL_PROMPT_TEMPLATE, get_all_number_tokens, load_model, prompt_logits

model, tokenizer = load_model()
U = model.lm_head.weight.detach().float()
num_ids, _ = get_all_number_tokens(tokenizer)
num_ids = torch.tensor(num_ids, device=U.device)
U_nums = U[num_ids]
base = prompt_logits(model, tokenizer, None)[num_ids]

records = []
for animal in ["owl", "eagle", "cat", "dog", "lion"]:
    c = tokenizer(" " + animal, add_special_tokens=False).input_ids[0]
    shift = (prompt_logits(model, tokenizer, ANIMAL_PROMPT_TEMPLATE.format(animal=animal + "s"))[num_ids] - base)
    u_c = U[c]
    dots = U_nums @ u_c
    coupling = (dots / (u_c @ u_c)).cpu().numpy()
    cosines = (dots / (U_nums.norm(dim=1) * u_c.norm() + 1e-12)).cpu().numpy()
    records.append({"animal": animal,
                    "rho_cos": stats.spearmanr(cosines, shift.cpu().numpy())[0],
                    "rho_coupling": stats.spearmanr(coupling, shift.cpu().numpy())[0]})

df = pd.DataFrame(records)
print(df, df[["rho_cos", "rho_coupling"]].mean(), sep="\n")
ax = df.plot.bar(x="animal", y=["rho_cos", "rho_coupling"])
ax.set_title("unembedding hypothesis: cosine vs unit-logit coupling")
plt.savefig("plots_b/cosine_vs_coupling.png")
