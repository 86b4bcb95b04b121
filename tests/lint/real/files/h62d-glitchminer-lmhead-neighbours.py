# Synthetic rewrite of the shape of wooozihui/GlitchMiner:glitchminer/miner.py at 77cf15b8ede12c3700a21ab72cf549d52b19eb0d (licence NOASSERTION); not the original text.
"""Entropy-guided hunt for tokens a chat model cannot repeat back."""
import torch
import torch.nn.functional as F


def next_token_entropy(p):
    return -(p * torch.log(p + 1e-6)).sum(dim=-1)


def probe_prompt(tokenizer, token_id):
    piece = tokenizer.decode([token_id])
    return f'Repeat exactly: "<<{piece}>>" Sure, here it is: "<<'


def hunt(model, tokenizer, skip_ids, start_id, rounds=20, k=64, batch=8):
    head = model.lm_head.weight  # (vocab, hidden) output rows
    allowed = torch.ones(head.shape[0], dtype=torch.bool, device=head.device)
    allowed[skip_ids] = False
    current = start_id
    found = []
    for _ in range(rounds):
        ids = tokenizer(probe_prompt(tokenizer, current), return_tensors="pt").input_ids.to(head.device)
        embeds = model.get_input_embeddings()(ids).detach().requires_grad_(True)
        probs = F.softmax(model(inputs_embeds=embeds).logits[:, -1, :], dim=-1)
        h = next_token_entropy(probs)
        g = torch.autograd.grad(h, embeds)[0][0, -2, :]

        # neighbours of the current token among the other output rows, on the unit sphere
        pool = torch.where(allowed & (torch.arange(head.shape[0], device=head.device) != current))[0]
        anchor = F.normalize(head[current].unsqueeze(0), p=2, dim=1)
        others = F.normalize(head[pool], p=2, dim=1)
        gaps = (others - anchor).norm(p=2, dim=1)
        near = pool[torch.topk(gaps, k=min(k, pool.numel()), largest=False).indices]

        # first-order guess of each neighbour's entropy, keep the most promising
        guess = h.item() + (head[near] - head[current]) @ g
        picked = near[torch.topk(guess, k=min(batch, near.numel())).indices]

        scores = []
        with torch.no_grad():
            for tid in picked.tolist():
                q = tokenizer(probe_prompt(tokenizer, tid), return_tensors="pt").input_ids.to(head.device)
                p = F.softmax(model(input_ids=q).logits[:, -1, :], dim=-1)
                scores.append(next_token_entropy(p).item())
                if p.argmax().item() != tid:
                    found.append(tid)
        current = picked[int(torch.tensor(scores).argmax())].item()
        allowed[picked] = False
    return found
