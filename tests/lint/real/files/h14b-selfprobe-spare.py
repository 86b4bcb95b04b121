# cosaudit corpus, synthetic file: same shape as kkClasses/FSCIL_SelfProbing/spare.py at 146d872ecce79bf0fa93227353b9812750cd2df2 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn.functional as F
from tqdm import tqdm


def replay_prototypes(model, aux_head, gate, radii, loader, optimizer, n_epochs, scheduler, session, args):
    """Session training on pseudo-features synthesised from the stored class prototypes."""
    model.train()
    gate.train()
    seen = args.base_class + session * args.way
    protos = model.fc.weight.data.detach().cpu()[:seen, :]
    radii = torch.cat([radii, torch.full((seen - args.base_class,), 0.25)])
    for _ in range(n_epochs):
        base_pick = torch.randint(0, args.base_class, (48,))
        novel_pick = torch.arange(args.base_class, seen)
        anchor_idx = torch.cat([base_pick, novel_pick])
        partner_idx = torch.randint(0, seen, (len(anchor_idx),))
        step = F.normalize(protos[partner_idx] - protos[anchor_idx], dim=-1)
        mixed = protos[anchor_idx] + step * (radii[anchor_idx] * torch.rand(len(anchor_idx))).unsqueeze(1)
        target = anchor_idx

        s1 = F.linear(F.normalize(mixed, dim=-1), F.normalize(model.fc.weight, dim=-1))[:, :seen] * args.temperature
        s2 = F.linear(F.normalize(mixed, dim=-1), F.normalize(model.fc1.weight, dim=-1))[:, :seen] * args.temperature
        s3 = F.linear(F.normalize(mixed, dim=-1), F.normalize(aux_head.weight, dim=-1))[:, :seen] * args.temperature
        logits = gate([s1, s2, s3])[0]
        loss = F.cross_entropy(logits, target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    scheduler.step()


def jitter_prototypes(model, aux_head, loader, optimizer, n_epochs, scheduler, session, args):
    model.train()
    seen = args.base_class + session * args.way
    protos = model.fc.weight.data.detach().cpu()[:seen, :]
    for _ in tqdm(range(n_epochs)):
        noisy = protos + 0.1 * torch.randn_like(protos)
        target = torch.arange(seen)
        s1 = F.linear(F.normalize(noisy, p=2, dim=-1), F.normalize(model.fc.weight, p=2, dim=-1))
        s1 = s1[:, :seen] * args.temperature
        s2 = F.linear(F.normalize(noisy, p=2, dim=-1), F.normalize(model.fc1.weight, p=2, dim=-1))[:, :seen] * args.temperature
        s3 = F.linear(F.normalize(noisy, p=2, dim=-1), F.normalize(aux_head.weight, p=2, dim=-1))[:, :seen] * args.temperature
        probs = [torch.softmax(s, dim=1).clamp_min(1e-10) for s in (s1, s2, s3)]
        ent = [-(p * p.log()).sum(dim=1, keepdim=True) for p in probs]
        logits = s1 * ent[0] + torch.abs(0.2 * s3 * ent[2] - 0.1 * s2 * ent[1])
        loss = F.cross_entropy(logits, target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    scheduler.step()
