# Synthetic rewrite of the shape of DrMainIT/hockey:convert.py at 05ea9c1b05f552a07205cb8a4ae8f5831f549b8e (licence NOASSERTION); not the original text.
# Dump a trained stable-baselines3 PPO policy to plain numpy so a game client can run it
# without torch: hidden layers of the policy MLP, then the action head.
import numpy as np
import torch
from stable_baselines3 import PPO

agent = PPO.load("checkpoints/air_hockey_ppo.zip")
policy = agent.policy

exported = []
for block in policy.mlp_extractor.policy_net:
    if isinstance(block, torch.nn.Linear):
        exported.append({'W': block.weight.detach().cpu().numpy(),
                         'b': block.bias.detach().cpu().numpy()})

head = policy.action_net                   # final layer: one row per action logit
exported.append({'W': head.weight.detach().cpu().numpy(),
                 'b': head.bias.detach().cpu().numpy()})

np.save("policy_layers.npy", exported)
print("exported", len(exported), "layers")
