# Synthetic rewrite of the shape of Wendong-Huo/thesis-bodies:dissect_a_model.py at dceb8a36efd2cefc611f6749a52b56b9d3572f7a (licence MIT); not the original text.
# Peek at the input layer of a trained PPO walker policy: does it ignore the malformed observation channels?
import matplotlib.pyplot as plt
import numpy as np
from utils import ALGOS

if __name__ == "__main__":
    agent = ALGOS["ppo"].load("logs/walkers/ppo/best_model.zip", env=None)
    mlp = agent.policy.mlp_extractor.policy_net
    first = mlp._modules['0']                      # nn.Linear(obs_dim, hidden)

    W = first.weight.detach().numpy()
    b = first.bias.detach().numpy().reshape([-1, 1])
    print("input layer", W.shape, "bias", b.shape)

    fig, (left, right) = plt.subplots(1, 2, figsize=[14, 10])
    left.imshow(W)                                 # hidden units x observation dims
    right.imshow(b)
    right.set_axis_off()
    plt.show()

    # probe: response of each hidden unit to a single large observation entry
    # for k in range(W.shape[1]):
    #     probe = np.zeros(W.shape[1]); probe[k] = 100
    #     print(k, W.dot(probe).max())
