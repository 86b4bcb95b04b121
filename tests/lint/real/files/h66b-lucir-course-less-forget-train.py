# Synthetic rewrite of the shape of Fionahwx/LUCIR-2024-ML-CIL:train.py at 827d4cdb02f953a415b1cff735e5df33685b27bc (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


def unit(x):
    return F.normalize(x, p=2, dim=1)


def keep_features_close(old_feat, new_feat):
    """LUCIR 'less-forget' term: 1 - cos between the frozen and the current embedding."""
    target = torch.ones(old_feat.shape[0], device=old_feat.device)
    return F.cosine_embedding_loss(old_feat, new_feat, target)


def train_one_epoch(opts, loader, net, task, ce, frozen_net, optim, epoch, lam, seen_old, margin_fn=None):
    net.train()
    running = []
    for images, labels, _ in loader:
        images, labels = images.cuda(), labels.cuda()
        emb, logits = net(images)                 # logits come from a cosine head
        loss = ce(logits, labels.long())
        if task > 0 and frozen_net is not None:
            with torch.no_grad():
                old_emb, _ = frozen_net(images)
            if opts.less_forget:
                # compare normalised embeddings of the previous and the current model
                loss = loss + lam * keep_features_close(unit(old_emb), unit(emb))
            if opts.ranking and margin_fn is not None:
                fresh = torch.tensor([int(y) not in seen_old for y in labels], device=labels.device)
                loss = loss + margin_fn(logits[fresh], labels[fresh], opts.increment, opts.k_neg, opts.ranking)
        optim.zero_grad()
        loss.backward()
        optim.step()
        running.append(loss.item())
    print(f"epoch {epoch}: mean loss {sum(running) / max(len(running), 1):.4f}")
