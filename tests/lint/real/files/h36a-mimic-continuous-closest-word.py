# Synthetic rewrite of the shape of JCardoso9/MIMIC:Utils/continuousModelUtilities.py at 3e31467d1ae8c5c1ecedca9093a742c1a60e4860 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn


def nearest_vocab_word(pred_vec, pretrained_table, id_to_word):
    """Continuous-output report decoder: map a predicted vector to the closest pretrained word vector."""
    cos = nn.CosineSimilarity(dim=1, eps=1e-6)
    similarity_matrix = cos(pred_vec.unsqueeze(0), pretrained_table)
    best = torch.argmax(similarity_matrix)
    return id_to_word[str(best.item())], best


def decode_reports(pred_vectors, lengths, pretrained_table, id_to_word, end_token="<end>"):
    reports = []
    for b in range(pred_vectors.shape[0]):
        words = []
        for step in range(lengths[b]):
            w, _ = nearest_vocab_word(pred_vectors[b, step].data, pretrained_table, id_to_word)
            if w == end_token:
                break
            words.append(w)
        reports.append(" ".join(words).replace(" .", "."))
    return reports
