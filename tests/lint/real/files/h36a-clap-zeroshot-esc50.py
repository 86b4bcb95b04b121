# Synthetic rewrite of the shape of microsoft/CLAP:examples/zero_shot_classification.py at e8a6467b87cd85716e20c6a008126150d9740be0 (licence MIT); not the original text.
"""Zero-shot sound-event labelling with an audio-text contrastive model."""
import numpy as np
import torch.nn.functional as F
from sklearn.metrics import accuracy_score


def zero_shot_eval(contrastive_model, clips, class_names, template="a recording of "):
    captions = [template + name for name in class_names]
    caption_vecs = contrastive_model.get_text_embeddings(captions)

    probs_all, targets_all = [], []
    for waveform, onehot in clips:
        clip_vecs = contrastive_model.get_audio_embeddings([waveform], resample=True)
        similarity = contrastive_model.compute_similarity(clip_vecs, caption_vecs)
        probs = F.softmax(similarity.detach().cpu(), dim=1).numpy()
        probs_all.append(probs)
        targets_all.append(onehot.detach().cpu().numpy())

    probs_all = np.concatenate(probs_all, axis=0)
    targets_all = np.concatenate(targets_all, axis=0)
    return accuracy_score(targets_all.argmax(1), probs_all.argmax(1))
