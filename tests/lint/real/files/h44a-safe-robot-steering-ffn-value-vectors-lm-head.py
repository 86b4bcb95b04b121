# Synthetic rewrite of the shape of thomasdeng2027/safe-robot-steering:experiments/analyze_FFN.py at 011a70cee9a49548572f65a43d04fb9673cb4786 (licence NOASSERTION); not the original text.
"""Read MLP value vectors of a VLA's language backbone as token distributions (Geva-style), via the LM head."""
import torch

from model.smolvla_policy import SmolVLALiberoPolicy


def locate(policy, key, also=None):
    found = []
    for name, mod in policy.named_modules():
        if key in name and (also is None or also in name):
            found.append((name, mod))
    return found


def value_vectors(down_projs, layer):
    return down_projs[layer][1].weight.T          # (d_ff, d_model): one vector per neuron


def project_tkn_space(value_vectors, embed_mat):
    logits = value_vectors @ embed_mat.T
    return logits


def main():
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    wrapper = SmolVLALiberoPolicy(model_name="HuggingFaceVLA/smolvla_libero", device=dev).eval()
    downs = locate(wrapper.policy, "mlp.down_proj", also="text_model")
    head = locate(wrapper.policy, "lm_head")[0][1].weight
    scores = project_tkn_space(value_vectors(downs, 20), head)
    top_vals, top_ids = torch.topk(scores, 25, dim=1)
    for neuron in (3, 77, 512):
        toks = wrapper.tokenizer.convert_ids_to_tokens(top_ids[neuron].tolist())
        print(neuron, [t.replace("\u0120", "") for t in toks])


if __name__ == "__main__":
    main()
