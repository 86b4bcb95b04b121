# cosaudit corpus, synthetic file: same shape as ai2050lin/Ai2050-UniOne/tests/glm5/phase_cclxx_gate_geometry.py at 41b000150f18a976737e4207357c8d43262e53ff (licence NOASSERTION); new code, no text copied.
"""Gate geometry: is any gate neuron aligned with a concept word's output row?"""
import numpy as np
from model_utils import load_model, get_layers, get_W_U, get_layer_weights

CONCEPTS = {"animals": ["dog", "cat", "horse"], "tools": ["hammer", "saw", "drill"]}


def gate_alignment(model_name):
    model, tok, device = load_model(model_name)
    W_U = get_W_U(model)                                  # lm_head.weight, [vocab, d_model]
    out = []
    for li, layer in enumerate(get_layers(model)):
        W_gate = get_layer_weights(layer).W_gate          # [n_inter, d_model]
        gate_len = np.linalg.norm(W_gate, axis=1)
        for cat, words in CONCEPTS.items():
            for w in words:
                row = W_U[tok.encode(w, add_special_tokens=False)[0]]
                row = row / np.linalg.norm(row)
                cos_vals = (W_gate @ row) / np.maximum(gate_len, 1e-10)
                top = int(np.argmax(cos_vals))
                out.append({"layer": li, "word": w, "neuron": top, "cos": float(cos_vals[top])})
    return out
