# Synthetic rewrite of the shape of andrewpjensen/LearningDL:ZeroShotLearning.py at 9f1449e7ec5ddcbad5d37bd9ec489b74da5287ef (licence NOASSERTION); not the original text.
# zero-shot topic labelling: embed the text and the candidate label names with one encoder, rank by cosine
from torch.nn import functional as F
from transformers import AutoModel, AutoTokenizer

tok = AutoTokenizer.from_pretrained("deepset/sentence_bert")
enc = AutoModel.from_pretrained("deepset/sentence_bert")

text = "Which team will win the cup this season?"
candidates = ["sports", "finance", "science & tech"]

batch = tok([text] + candidates, return_tensors="pt", padding=True)
hidden = enc(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"])[0]
text_vec = hidden[:1].mean(dim=1)
label_vecs = hidden[1:].mean(dim=1)

scores = F.cosine_similarity(text_vec, label_vecs)
for i in scores.argsort(descending=True):
    print(f"{candidates[i]:>16}: {scores[i]:.3f}")
