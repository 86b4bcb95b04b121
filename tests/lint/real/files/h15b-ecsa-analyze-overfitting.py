# cosaudit corpus, synthetic file: same shape as hu-gamma/stu-emotion-analysis/analysis/analyze_overfitting.py at e76f7b1687772ef95cbb39f76773b12dd8e1971c (licence NOASSERTION); new code, no text copied.
"""Error analysis for the RoBERTa-BiLSTM emotion classifier: confusion, label similarity, t-SNE, overfitting.

usage: python analysis/analyze_overfitting.py --model ckpt.pt --test-csv test.csv --num-classes 8 --output out/
"""
import argparse
import os

import numpy as np
import torch
import torch.nn as nn
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
from sklearn.metrics import confusion_matrix, f1_score

from models.model import RoBERTaBiLSTM


@torch.no_grad()
def evaluate(model, loader, device):
    model.eval()
    ce = nn.CrossEntropyLoss()
    ys, preds, losses = [], [], []
    for batch in loader:
        logits = model(batch['input_ids'].to(device), batch['attention_mask'].to(device))
        y = batch['labels'].to(device)
        losses.append(ce(logits, y).item())
        preds.append(logits.argmax(1).cpu())
        ys.append(y.cpu())
    y, p = torch.cat(ys).numpy(), torch.cat(preds).numpy()
    return {'loss': float(np.mean(losses)), 'macro_f1': f1_score(y, p, average='macro'), 'y': y, 'pred': p}


def label_similarity(model, names, out_dir):
    """Cosine between the class rows of the final Linear of model.classifier (shape [C, 256])."""
    W = model.classifier[-1].weight.detach().cpu().numpy()
    C = len(names)
    S = np.empty((C, C))
    for a in range(C):
        for b in range(C):
            S[a, b] = W[a] @ W[b] / (np.linalg.norm(W[a]) * np.linalg.norm(W[b]) + 1e-8)
    fig, ax = plt.subplots(figsize=(9, 8))
    im = ax.imshow(S, cmap='RdBu_r', vmin=-1, vmax=1)
    fig.colorbar(im, ax=ax)
    ax.set(xticks=range(C), yticks=range(C), xticklabels=names, yticklabels=names,
           title='Which emotions the classifier treats alike (cosine of its weight rows)')
    for a in range(C):
        for b in range(C):
            ax.text(b, a, f'{S[a, b]:.2f}', ha='center', va='center', fontsize=9)
    fig.savefig(os.path.join(out_dir, 'class_similarity_matrix.png'), dpi=150)
    plt.close(fig)
    return S


def confusion(y, pred, names, out_dir):
    cm = confusion_matrix(y, pred, labels=list(range(len(names))))
    cm_norm = cm / (cm.sum(1, keepdims=True) + 1e-8)
    plt.imshow(cm_norm, cmap='Reds', vmin=0, vmax=1)
    plt.savefig(os.path.join(out_dir, 'confusion.png'), dpi=150)
    plt.close()
    return cm_norm


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--model', required=True)
    ap.add_argument('--test-csv', required=True)
    ap.add_argument('--num-classes', type=int, default=8)
    ap.add_argument('--output', required=True)
    args = ap.parse_args()
    os.makedirs(args.output, exist_ok=True)
    device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    model = RoBERTaBiLSTM(num_classes=args.num_classes).to(device)
    model.load_state_dict(torch.load(args.model, map_location=device))
    loader, names = load_test(args.test_csv, args.num_classes)
    res = evaluate(model, loader, device)
    confusion(res['y'], res['pred'], names, args.output)
    label_similarity(model, names, args.output)


if __name__ == '__main__':
    main()
