# cosaudit corpus, synthetic file: same shape as wnma3mz/Data-Free-Model-Compress/main.py at 3a5d4755aa7bfc79ef7e30c96276f7b6a753206d (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn.functional as F


def class_similarity(net):
    W = net.fc.state_dict()["weight"]
    unit = F.normalize(W, p=2, dim=1)
    sim = unit @ unit.T
    lo = sim.min(dim=1).values
    hi = sim.max(dim=1).values
    return (sim - lo) / (hi - lo)


def run(args):
    if args.method == "zskd":
        concentration = class_similarity(args.teacher)
        trainer = args.make_trainer(concentration=concentration)
        trainer.fit()
