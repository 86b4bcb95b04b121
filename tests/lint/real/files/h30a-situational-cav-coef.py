# Synthetic rewrite of the shape of Brafied/Situational-Awareness:SA_CAV.py at 15c41eb2c2b5311204a2be0014f5db3630fe8da2 (licence NOASSERTION); not the original text.
import numpy as np
from sklearn.linear_model import LogisticRegression

# cached residual activations for two prompt sets
eval_acts = np.load("cache/eval_prompts_acts.npy")
real_acts = np.load("cache/real_prompts_acts.npy")

X = np.concatenate([eval_acts, real_acts], axis=0)
y = np.concatenate([np.zeros(len(eval_acts)), np.ones(len(real_acts))])

model = LogisticRegression(max_iter=2000)
model.fit(X, y)

# one binary direction (a concept activation vector) and its offset
direction = np.squeeze(model.coef_, axis=0).astype(np.float32)
offset = float(np.squeeze(model.intercept_, axis=0))
np.savez("cache/eval_vs_real_cav.npz", direction=direction, offset=offset)
