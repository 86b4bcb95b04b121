# cosaudit corpus, synthetic file: same shape as swarajladke/Neural-Networks/v4_memory_probe.py at a2ac13176aee4105fd5ebcc549eb76011101b809 (licence NOASSERTION); new code, no text copied.
"""Memory probe: does the Hebbian core's state at each position point at the next token?

The core is trained so that its top-level state at position t estimates the unit-normalised
token vector of token t+1. If the facts are stored, a cosine search of that state over GPT-2's
whole token table should rank the true next token near the top.
"""
import torch
import torch.nn.functional as F

from hebbian_hybrid import FACTS, WRITE_PASSES, PUSH, build_hybrid, fact_texts

CONTROL = [
    "Rain is common in Dublin through most of the winter.",
    "Many children like stories about animals and the sea.",
]


@torch.no_grad()
def rank_next_tokens(hyb, text, token_dirs):
    ids = hyb.tokenizer.encode(text, return_tensors="pt").to(hyb.device)
    state = hyb.core_states(ids, reset=True)[0]                       # (T, d)
    scores = F.normalize(state, dim=-1) @ token_dirs.T                 # (T, vocab)
    rr = []
    for t in range(ids.shape[1] - 1):
        nxt = ids[0, t + 1]
        rr.append(1.0 / (int((scores[t] > scores[t, nxt]).sum()) + 1))
    return ids, state, scores, rr


def main():
    hyb = build_hybrid()
    token_dirs = F.normalize(hyb.gpt2.transformer.wte.weight, dim=-1)
    hyb.write_facts(fact_texts(), passes=WRITE_PASSES, push=PUSH)

    hits, fact_rr, boundary = 0, [], []
    for fact in FACTS:
        ids, state, scores, rr = rank_next_tokens(hyb, fact["statement"], token_dirs)
        fact_rr += rr
        b = len(hyb.tokenizer.encode(fact["probe"])) - 1
        answer = ids[0, b + 1]
        rank = int((scores[b] > scores[b, answer]).sum()) + 1
        top = [hyb.tokenizer.decode([int(i)]) for i in scores[b].topk(5).indices]
        hits += rank <= 5
        print(f"{fact['id']}: answer {hyb.tokenizer.decode([int(answer)])!r} rank {rank}  top5 {top}")
        boundary.append(F.normalize(state[b], dim=-1))

    ctrl_rr = [r for text in CONTROL for r in rank_next_tokens(hyb, text, token_dirs)[3]]
    B = torch.stack(boundary)
    S = B @ B.T
    off = ((S.sum() - S.diag().sum()) / (S.numel() - len(S))).item()
    print(f"MRR facts {sum(fact_rr) / len(fact_rr):.4f}  control {sum(ctrl_rr) / len(ctrl_rr):.4f}")
    print(f"top-5 hits {hits}/{len(FACTS)}  mean off-diagonal boundary cosine {off:.3f}")


if __name__ == "__main__":
    main()
