# Synthetic rewrite of the shape of ntrillard/transformer-geometry:old/steering-evals/scripts/eval_som_sweep.py at bac7bb0b5303dd865f0433b79341f224e96f6290 (licence NOASSERTION); not the original text.
"""Do tokens whose output-head rows point the same way behave alike?"""
import numpy as np
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

CKPT = "Qwen/Qwen2-0.5B-Instruct"
CONTEXTS = ["The weather today is", "My favourite food is", "In the museum we saw",
            "The train leaves at"] * 10


def head_rows(model):
    W = model.lm_head.weight.detach().float().cpu().numpy()[: model.config.vocab_size]
    return W / np.linalg.norm(W, axis=1, keepdims=True)


def nn_angle_scale(Wn, n=300, seed=0):
    rng = np.random.default_rng(seed)
    S = Wn[rng.choice(len(Wn), n, replace=False)]
    sims = np.clip(S @ S.T, -1, 1)
    np.fill_diagonal(sims, -1)
    return float(np.degrees(np.arccos(sims.max(1))).mean())


def neighbours_act_alike(model, tok, Wn, n_tok=40, seed=1):
    rng = np.random.default_rng(seed)
    picks = np.array([t for t in rng.choice(len(Wn), 3000, replace=False)
                      if tok.decode([int(t)]).strip().isascii()][:n_tok])
    states = []
    for text in CONTEXTS:
        ids = tok(text, return_tensors="pt").input_ids
        with torch.no_grad():
            hs = model(ids, output_hidden_states=True).hidden_states[-1]
        states.append(hs[0, -1].float().numpy())
    logits = np.stack(states) @ Wn[picks].T
    G = np.clip(Wn[picks] @ Wn[picks].T, -1, 1)
    np.fill_diagonal(G, -1)
    mate = G.argmax(1)
    r_nn = [np.corrcoef(logits[:, i], logits[:, mate[i]])[0, 1] for i in range(len(picks))]
    return float(np.mean(r_nn))


if __name__ == "__main__":
    tok = AutoTokenizer.from_pretrained(CKPT)
    lm = AutoModelForCausalLM.from_pretrained(CKPT, torch_dtype=torch.float32)
    Wn = head_rows(lm)
    print("1-NN angle among head rows (deg):", nn_angle_scale(Wn))
    print("logit correlation of geometric neighbours:", neighbours_act_alike(lm, tok, Wn))
