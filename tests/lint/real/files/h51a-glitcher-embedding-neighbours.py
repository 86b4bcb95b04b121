# Synthetic rewrite of the shape of binaryninja/glitcher:glitcher/model.py at 7873c7fa08d52c1eeaf15ead2c302e8f871fd162 (licence MIT); not the original text.
import torch
import torch.nn.functional as F


def token_entropy(p):
    return -(p * torch.log(p + 1e-12)).sum(-1)


def mine_step(model, tokenizer, current_id, allowed, prompt_for, k=32, batch=8):
    """One entropy-guided step: probe the current token, then move to nearby input-table tokens."""
    table = model.get_input_embeddings().weight
    ids = torch.tensor([tokenizer.encode(prompt_for(tokenizer.decode([current_id])))], device=model.device)
    embeds = model.get_input_embeddings()(ids).clone().detach().requires_grad_(True)
    probs = F.softmax(model(inputs_embeds=embeds).logits[:, -1, :], dim=-1)
    h = token_entropy(probs)[0]
    grad = torch.autograd.grad(h, embeds)[0][0, -3, :]

    mask = allowed.clone()
    mask[current_id] = False
    pool = torch.where(mask)[0]
    here = table[current_id].detach()
    cands = table[pool]

    # distance between unit-length input embeddings (a monotone function of their cosine)
    unit_here = F.normalize(here.unsqueeze(0), p=2, dim=1)
    unit_pool = F.normalize(cands, p=2, dim=1)
    gaps = torch.norm(unit_pool - unit_here, p=2, dim=1)
    near = torch.topk(gaps, k=min(k, len(pool)), largest=False).indices

    # first-order estimate of the entropy after swapping in each neighbour
    guess = h.item() + ((cands[near] - here) @ grad).detach()
    pick = torch.topk(guess, k=min(batch, len(near))).indices
    return pool[near][pick]
