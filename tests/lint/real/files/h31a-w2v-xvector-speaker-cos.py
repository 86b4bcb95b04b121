# Synthetic rewrite of the shape of bagustris/A-VB2022_CCC:wav2vec_test2.py at 912bff1382d173f7576e9d61c1f9ff148321a4c4 (licence NOASSERTION); not the original text.
import torch
from datasets import load_dataset
from transformers import Wav2Vec2FeatureExtractor, Wav2Vec2ForXVector

CKPT = "some-org/wav2vec2-speaker-verification"

clips = load_dataset("some-org/short_speech_clips", split="test").sort("id")
sr = clips.features["audio"].sampling_rate

extractor = Wav2Vec2FeatureExtractor.from_pretrained(CKPT)
xvec_model = Wav2Vec2ForXVector.from_pretrained(CKPT)

batch = extractor([c["array"] for c in clips[:2]["audio"]], sampling_rate=sr,
                  return_tensors="pt", padding=True)
with torch.no_grad():
    spk = xvec_model(**batch).embeddings

spk = torch.nn.functional.normalize(spk, dim=-1).cpu()

# compare the two utterance-level speaker vectors
score = torch.nn.CosineSimilarity(dim=-1)(spk[0], spk[1])
if score < 0.65:
    print("different speakers")
print("speaker similarity:", round(score.item(), 3))
