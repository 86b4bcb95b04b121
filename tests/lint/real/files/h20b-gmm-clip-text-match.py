# Synthetic rewrite of the shape of DoubleClass/GMM:get_score_all.py at 33744e074cea35fc139133c442c6b0f0d21dba47 (licence NOASSERTION); not the original text.
import os

import clip
import torch

CLASS_NAMES = ["otter", "kettle", "lantern", "walrus", "trumpet", "cactus"]
LOG_DIR = "outputs/gen_cil_logs/"
FIRST, STEP = 2, 2

device = "cuda" if torch.cuda.is_available() else "cpu"
encoder, _ = clip.load("ViT-B/16", device=device)


def read_log(path):
    truths, generated = [], []
    for row in open(path):
        if row.startswith("gt:"):
            truths.append(row[3:].strip())
        elif row.startswith("answer:"):
            generated.append(row[7:].strip().strip(".")[:76])
    return truths, generated


accs = []
for stage, fname in enumerate(sorted(os.listdir(LOG_DIR))):
    truths, generated = read_log(os.path.join(LOG_DIR, fname))
    vocab = sorted(set(truths))
    with torch.no_grad():
        emb_label = encoder.encode_text(clip.tokenize(vocab).to(device))
        answer_emb = encoder.encode_text(clip.tokenize(generated).to(device))
        emb_label = emb_label / emb_label.norm(dim=1, keepdim=True)
        answer_emb = answer_emb / answer_emb.norm(dim=1, keepdim=True)
    sim = answer_emb @ emb_label.T
    guess = sim.argmax(dim=1).cpu()
    target = torch.tensor([vocab.index(t) for t in truths])
    accs.append((guess == target).float().mean().item() * 100)
    print("stage", stage, "acc %.2f" % accs[-1])
print("average", sum(accs) / len(accs))
