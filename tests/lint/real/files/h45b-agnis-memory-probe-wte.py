# Synthetic rewrite of the shape of swarajladke/Neural-Networks:v4_memory_probe.py at a2ac13176aee4105fd5ebcc549eb76011101b809 (licence NOASSERTION); not the original text.
"""Check whether a recurrent side-memory stores the next token of each fact.

The memory core is trained to emit the (unit) GPT-2 input row of the next
token, so we rank every vocabulary row by cosine against the core output.
"""
import torch
import torch.nn.functional as F

from memory_hybrid import build_system, FACT_SENTENCES


@torch.no_grad()
def rank_next_tokens(system, sentence, vocab_dirs):
    ids = system.tok.encode(sentence, return_tensors="pt").to(system.device)
    core_out = system.memory_states(ids)[0]                 # (T, E)
    scores = F.normalize(core_out, dim=-1) @ vocab_dirs.T   # (T, V) cosines
    inv_ranks = []
    for pos in range(ids.shape[1] - 1):
        gold = ids[0, pos + 1].item()
        better = (scores[pos] > scores[pos, gold]).sum().item()
        inv_ranks.append(1.0 / (better + 1))
    return scores, inv_ranks


def run():
    system = build_system()
    unit_vocab = F.normalize(system.gpt2.transformer.wte.weight, dim=1)
    system.write_facts([f["text"] for f in FACT_SENTENCES])

    all_inv = []
    for fact in FACT_SENTENCES:
        scores, inv = rank_next_tokens(system, fact["text"], unit_vocab)
        all_inv.extend(inv)
        nearest = scores[-2].topk(5).indices.tolist()
        print(fact["id"], [system.tok.decode([t]) for t in nearest])
    print("mean reciprocal rank:", sum(all_inv) / max(1, len(all_inv)))


if __name__ == "__main__":
    run()
