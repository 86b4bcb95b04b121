# Synthetic rewrite of the shape of scau-gqw1993/open-world-pest-classification:test_all.py at 29258e0d1e3796b9e76c3bc0f55c5e402bac7e95 (licence NOASSERTION); not the original text.
import os
import numpy as np
import torch

import episodes
import imaging
import proto_metric


def run_episodes(encoder, root, n_episodes, ways, shots, queries):
    encoder.eval()
    hits = 0
    pool = imaging.list_images(root)
    with torch.no_grad():
        for _ in range(n_episodes):
            episode = episodes.draw(pool, ways, shots, queries)
            centres, query_imgs = [], []
            for class_files in episode:
                support = torch.stack([imaging.load(p) for p in class_files[:shots]])
                # the class centre is the mean embedding of its support images
                centres.append(encoder(support).mean(dim=0, keepdim=True))
                query_imgs += [imaging.load(p) for p in class_files[shots:]]
            centres = torch.cat(centres)
            query_emb = encoder(torch.stack(query_imgs))
            scores = proto_metric.similarity(centres, query_emb)
            truth = np.repeat(np.arange(ways), queries)
            hits += int((scores.argmax(-1).numpy() == truth).sum())
    return hits / (n_episodes * ways * queries)


if __name__ == "__main__":
    from models import ResNet12
    net = ResNet12.resnet12()
    net.load_state_dict(torch.load(os.path.join("save", "resnet12.pth"), map_location="cpu"))
    accs = [run_episodes(net, "./dataset/test", 100, ways=40, shots=5, queries=1) for _ in range(10)]
    print(np.mean(accs), np.std(accs))
