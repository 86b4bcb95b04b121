# Synthetic rewrite of the shape of AlienKevin/wordshk-tools:charemb/extract_whisper_vec.py at 578ccfecd112b27ba0a0a8e4e70514dc8c88d147 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F
from transformers import WhisperModel, WhisperProcessor

CKPT = "some-org/whisper-small-finetuned"
proc = WhisperProcessor.from_pretrained(CKPT)
asr = WhisperModel.from_pretrained(CKPT).eval()


def syllable_vector(waveform, device="cpu"):
    feats = proc(waveform, return_tensors="pt", sampling_rate=16000)
    feats = {k: v.to(device) for k, v in feats.items()}
    with torch.no_grad():
        enc = asr.to(device).encoder(**feats)
    # average the encoder frames into one vector per clip
    return enc.last_hidden_state.mean(dim=1)


def character_vectors(syllable_vecs, readings):
    """Mean of unit-normalised syllable vectors for every reading of a character."""
    out = {}
    for ch, sylls in readings.items():
        parts = [F.normalize(syllable_vecs[s], dim=-1) for s in sylls if s in syllable_vecs]
        if parts:
            out[ch] = torch.stack(parts).mean(dim=0)
    return out
