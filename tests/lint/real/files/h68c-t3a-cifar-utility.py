# Synthetic rewrite of the shape of tianshuocong/T3A:utility.py at 6a75d74994be35f58f88a90c83a8ec12c5f9cec5 (licence NOASSERTION); not the original text.
import torch

from misc.t3a import unit, adapt_bank, bank_eval
from misc.load_model import build_source_net
from misc.load_dataset import corrupted_loaders
from misc.evaluation import plain_accuracy


def run(corruption="fog", severity=5, warm_batches=800):
    net = build_source_net()
    warm_loader, eval_loader = corrupted_loaders(corruption, severity)

    print(f"source accuracy: {100 * plain_accuracy(net, eval_loader):.2f}")

    # rows of the softmax layer of the source ResNet, one per CIFAR-10 class
    head_rows = net.state_dict()["fc.weight"]

    # one support list per class, each started with the unit-length head row
    bank = {}
    for c in range(head_rows.shape[0]):
        bank[c] = unit(head_rows[c]).unsqueeze(0)

    for step, (images, _) in enumerate(warm_loader):
        if step >= warm_batches:
            break
        adapt_bank(bank, net, images.cuda())

    sizes = [bank[c].shape[0] for c in sorted(bank)]
    print("bank sizes:", sizes)

    # bank_eval scores each feature against the mean of every class bank
    acc = bank_eval(bank, net, eval_loader)
    print(f"adjusted accuracy: {100 * acc:.2f}")


if __name__ == "__main__":
    run()
