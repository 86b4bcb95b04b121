# Synthetic rewrite of the shape of ucinlp/autoprompt:autoprompt/label_search.py at d637675999adf057a581c3d1084d64f3a247fda5 (licence Apache-2.0); not the original text.
"""Pick verbalizer words: fit a small softmax probe on [MASK] features, then read it against the MLM output rows."""
import torch
import torch.nn.functional as F
from transformers import BertForMaskedLM, RobertaForMaskedLM


def output_rows(mlm):
    if isinstance(mlm, BertForMaskedLM):
        return mlm.cls.predictions.decoder.weight
    if isinstance(mlm, RobertaForMaskedLM):
        return mlm.lm_head.decoder.weight
    raise NotImplementedError(type(mlm))


def show_candidates(probe, rows, tok, id2label, k=10):
    # raw inner products between probe rows and vocabulary rows, softmaxed over classes
    affinity = probe.weight @ rows.T
    affinity = F.softmax(affinity, dim=0)
    for c, line in enumerate(affinity):
        top = line.topk(k).indices
        print(id2label[c], tok.convert_ids_to_tokens(top))


def search(mlm, tok, loader, feature_hook, id2label, epochs=3, lr=1e-3):
    rows = output_rows(mlm)
    probe = torch.nn.Linear(mlm.config.hidden_size, len(id2label))
    opt = torch.optim.Adam(probe.parameters(), lr=lr)
    show_candidates(probe, rows, tok, id2label)
    for _ in range(epochs):
        for batch, labels, mask_pos in loader:
            opt.zero_grad()
            with torch.no_grad():
                mlm(**batch)
            feats = feature_hook.get()[mask_pos]
            loss = F.cross_entropy(probe(feats), labels)
            loss.backward()
            opt.step()
        show_candidates(probe, rows, tok, id2label)
