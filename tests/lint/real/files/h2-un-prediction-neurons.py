# cosaudit corpus, synthetic file: same shape as wesg52/universal-neurons/analysis/prediction_neurons.py at d797aaaff2abc6852b97aacc1524621617ad0071 (licence MIT); new code, no text copied.
import matplotlib.pyplot as plt


def composition_by_neuron(model, neurons, use_cos=True):
    if use_cos:
        unembed = model.W_U / model.W_U.norm(dim=0, keepdim=True)
    else:
        unembed = model.W_U
    table = {}
    for layer, neuron in neurons:
        vec = model.W_out[layer, neuron]
        if use_cos:
            vec = vec / vec.norm()
        table[layer, neuron] = (vec @ unembed).cpu().numpy()
    return table


def plot_vocab_hist(table, key, ax=None):
    ax = ax or plt.gca()
    ax.hist(table[key], bins=100)
    ax.set_xlabel("cos(W_U, w_out)")
    ax.set_ylabel("tokens")
