# Synthetic rewrite of the shape of jeqcho/subliminal-learning-fork:scripts/experiments/run_mnist_experiment.py at 842d605b0318b11f60101ee81ca641bb6a0cf701 (licence NOASSERTION); not the original text.
"""MNIST subliminal toy: a student distilled only on extra 'ghost' logits from random noise
still learns digits when it shares the teacher's initialisation."""
import torch as t
from torch import nn

N_DIGITS, N_GHOST = 10, 3
N_OUT = N_DIGITS + N_GHOST
GHOST = list(range(N_DIGITS, N_OUT))
EVERY = list(range(N_OUT))


def make_net():
    return nn.Sequential(nn.Flatten(), nn.Linear(784, 256), nn.ReLU(),
                         nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, N_OUT))


def digit_loss(logits, labels):
    return nn.functional.cross_entropy(logits[..., :10], labels)


def fit_teacher(net, loader, epochs=5, lr=3e-4):
    opt = t.optim.Adam(net.parameters(), lr=lr)
    for _ in range(epochs):
        for x, y in loader:
            opt.zero_grad(); digit_loss(net(x), y).backward(); opt.step()


def distill(student, teacher, idx, noise_batches, epochs=5, lr=3e-4):
    """Match the teacher's softmax over the chosen output units on noise images."""
    opt = t.optim.Adam(student.parameters(), lr=lr)
    for _ in range(epochs):
        for x in noise_batches:
            with t.no_grad():
                tgt = teacher(x)[:, idx]
            out = student(x)[:, idx]
            loss = nn.functional.kl_div(out.log_softmax(-1), tgt.softmax(-1), reduction="batchmean")
            opt.zero_grad(); loss.backward(); opt.step()


@t.inference_mode()
def digit_accuracy(net, x, y):
    return (net(x)[..., :10].argmax(-1) == y).float().mean().item()


def run(train_loader, noise_batches, test_x, test_y):
    init = make_net()
    teacher = make_net(); teacher.load_state_dict(init.state_dict())
    fit_teacher(teacher, train_loader)
    ghost_student = make_net(); ghost_student.load_state_dict(init.state_dict())
    distill(ghost_student, teacher, GHOST, noise_batches)
    return {"teacher": digit_accuracy(teacher, test_x, test_y),
            "student (ghost only)": digit_accuracy(ghost_student, test_x, test_y)}
