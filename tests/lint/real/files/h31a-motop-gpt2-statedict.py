# Synthetic rewrite of the shape of Ujjwal238/MOTOP:target.py at 1f89f18248b87ecb77f18222b1f470fb8d127576 (licence NOASSERTION); not the original text.
#%%
from transformers import GPT2LMHeadModel

lm = GPT2LMHeadModel.from_pretrained("gpt2")
params = lm.state_dict()
for name, t in params.items():
    print(name, tuple(t.shape))

# token table: one 768-d row per vocabulary entry; position table: one row per slot

#%%
params["transformer.wte.weight"].view(-1)[:12]

#%%
import matplotlib.pyplot as plt

for dim in (100, 300, 500):
    plt.plot(params["transformer.wpe.weight"][:, dim])
plt.show()
# the learned position curves look noisy rather than smooth
