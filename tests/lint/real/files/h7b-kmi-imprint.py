# cosaudit corpus, synthetic file: same shape as kmi-robots/semantic-map-object-recognition/semantic-map-docker/imprint.py at d633f389856fc1d5cfd80a07cde9dd284f461e58 (licence NOASSERTION); new code, no text copied.
import torch


def imprint_last_layer(net, loader, device, n_classes=10, emb_dim=128):
    net.eval()
    embs, labels = [], []
    with torch.no_grad():
        for images, onehot in loader:
            labels.append(onehot.argmax(dim=1))
            embs.append(net.extract(images[0].to(device)))
    embs = torch.cat(embs)
    labels = torch.cat(labels)

    templates = torch.zeros(n_classes, emb_dim)
    for c in range(n_classes):
        centre = embs[labels.to(embs.device) == c].mean(dim=0)
        templates[c] = centre / centre.norm(p=2)

    net.fc2.weight.data = templates.to(device)
    return net
