# Synthetic rewrite of the shape of MBifolco/ollm:src/archive/zero_shot_label_probe.py at 85f665f3c927b3cdbe09caba2abeff72e141f4bc (licence NOASSERTION); not the original text.
"""Two quick checks on a base chat model before any fine-tuning:
(1) how spread out the candidate answer letters are in the token table,
(2) how peaked the zero-shot answer distribution over those letters is."""
import argparse
import itertools

import numpy as np
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

CANDIDATE_SETS = {"EPIS": ["E", "P", "I", "S"], "RN": ["R", "N"], "QJXZ": ["Q", "J", "X", "Z"]}


def single_ids(tok, letters):
    ids = [tok.encode(x, add_special_tokens=False) for x in letters]
    return None if any(len(i) != 1 for i in ids) else [i[0] for i in ids]


def spread(table, ids):
    pairs = []
    for a, b in itertools.combinations(ids, 2):
        pairs.append(torch.cosine_similarity(table[a][None], table[b][None]).item())
    return np.array(pairs)


@torch.no_grad()
def letter_probs(tok, model, text, ids):
    chat = tok.apply_chat_template([{"role": "user", "content": text}], tokenize=False,
                                   add_generation_prompt=True)
    x = tok(chat, return_tensors="pt", add_special_tokens=False).input_ids.to(model.device)
    last = model(x).logits[0, -1].float()[ids]
    return torch.softmax(last, -1).cpu().numpy()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="Qwen/Qwen2.5-0.5B-Instruct")
    args = ap.parse_args()
    tok = AutoTokenizer.from_pretrained(args.model)
    model = AutoModelForCausalLM.from_pretrained(args.model, torch_dtype=torch.float16).eval()

    emb = model.model.embed_tokens.weight.detach().float()
    print("token-table geometry of each label set")
    for name, letters in CANDIDATE_SETS.items():
        ids = single_ids(tok, letters)
        if ids is None:
            print(name, "has multi-token letters")
            continue
        s = spread(emb, ids)
        print(f"{name}: mean cos {s.mean():.3f} (min {s.min():.3f}, max {s.max():.3f})")

    for name, letters in CANDIDATE_SETS.items():
        ids = single_ids(tok, letters)
        p = letter_probs(tok, model, "Pick one letter: " + ", ".join(letters), ids)
        ent = float(-(p * np.log(p + 1e-12)).sum())
        print(f"{name}: entropy {ent:.2f}, max prob {p.max():.2f}")


if __name__ == "__main__":
    main()
