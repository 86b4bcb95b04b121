# Synthetic rewrite of the shape of DigitalPhilosopher/SpeakerRecognition:source/Inference.py at f91bccb77f352d5f16a5115ab96a68cb5224b5b3 (licence NOASSERTION); not the original text.
# Speaker check robust to voice deepfakes: an ECAPA-TDNN embedder (trained with a triplet loss) maps a
# reference recording and a questioned recording to embeddings; a squared distance on the
# L2-normalised embeddings decides whether it is the same speaker.
import torch
from torch.nn import TripletMarginWithDistanceLoss


def unit(v):
    return v / torch.norm(v, p=2, dim=-1, keepdim=True)


def sq_dist(a, b):
    if a.dim() == 3:
        a, b = a.flatten(1), b.flatten(1)
    return ((a - b) ** 2).sum(-1)


def verify(embedder, ref_wave, test_wave, threshold, impostor_wave=None, device='cpu'):
    embedder.eval()
    e_ref = embedder(ref_wave.to(device))
    e_test = embedder(test_wave.to(device))

    raw = sq_dist(e_ref, e_test)
    on_sphere = sq_dist(unit(e_ref), unit(e_test))   # equals 2 - 2*cos for unit vectors
    if impostor_wave is not None:
        crit = TripletMarginWithDistanceLoss(distance_function=sq_dist, margin=0.2)
        e_imp = embedder(impostor_wave.to(device))
        print("triplet loss:", crit(unit(e_ref), unit(e_test), unit(e_imp)).item())

    print("distance:", raw.item(), "normalised distance:", on_sphere.item())
    return "ACCEPT: same speaker" if raw <= threshold else "DECLINE: different speaker"
