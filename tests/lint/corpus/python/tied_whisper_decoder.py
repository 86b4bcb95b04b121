"""Whisper's decoder ties its token table to the output projection (`proj_out`) and adds learned
positions beside it, as GPT-2 does: cosines between its token rows (the language tokens, say) move
with a translation that keeps the model (the token rows by c, the decoder's position rows by -c), so
they are not a property of the model (COS150). The audio encoder's features are something else:
quiet.

Shapes seen in public code comparing Whisper's language tokens; written for cosaudit's tests.
"""
import torch.nn.functional as F
from sklearn.metrics.pairwise import cosine_similarity
from transformers import WhisperForConditionalGeneration, WhisperProcessor

model = WhisperForConditionalGeneration.from_pretrained("openai/whisper-small")
processor = WhisperProcessor.from_pretrained("openai/whisper-small")
table = model.get_input_embeddings().weight.detach()
ids = processor.tokenizer.convert_tokens_to_ids(["<|en|>", "<|de|>", "<|fr|>", "<|nl|>"])
print(cosine_similarity(table[ids].numpy()))  # expect: COS150

# quiet: the encoder's features of two clips
features = processor(clips, sampling_rate=16000, return_tensors="pt").input_features
encoded = model.model.encoder(features).last_hidden_state.mean(1)
print(F.cosine_similarity(encoded[0], encoded[1], dim=0))
