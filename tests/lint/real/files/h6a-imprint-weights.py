# cosaudit corpus, synthetic file: same shape as YU1ut/imprinted-weights/imprint.py at 3a49d63837bf013e46b926aa2430d8197897344b (licence NOASSERTION); new code, no text copied.
import torch

import nets


@torch.no_grad()
def imprint_new_classes(model, loader, n_old=100, n_new=100, dim=256):
    model.eval()
    sums = torch.zeros(n_new, dim)
    counts = torch.zeros(n_new)
    for images, labels in loader:
        feats = model.embedding(model.extractor(images.cuda())).cpu()
        feats = feats / feats.norm(dim=1, keepdim=True)
        for f, y in zip(feats, labels):
            sums[y - n_old] += f
            counts[y - n_old] += 1
    new_rows = torch.zeros(n_new, dim)
    for k in range(n_new):
        mean = sums[k] / counts[k]
        new_rows[k] = mean / mean.norm(p=2)
    head = model.classifier.fc
    grown = torch.cat((head.weight.data, new_rows.cuda()))
    model.classifier.fc = torch.nn.Linear(dim, n_old + n_new, bias=False).cuda()
    model.classifier.fc.weight.data = grown


def main(args):
    model = nets.ScaledCosineNet(num_classes=args.n_old, scale=args.scale).cuda()  # rows re-normalised each step
    model.load_state_dict(torch.load(args.ckpt)["state_dict"])
    imprint_new_classes(model, nets.novel_loader(args))
    torch.save({"state_dict": model.state_dict()}, args.out)
