# Synthetic rewrite of the shape of phamluu/Chatbot-Flask:test/check_model_head.py at c7f885366bf2f0e0dee813801b104289e16d2e4d (licence NOASSERTION); not the original text.
from transformers import AutoModelForSequenceClassification

CKPT_DIR = "./checkpoints/news_intent_clf"

clf = AutoModelForSequenceClassification.from_pretrained(CKPT_DIR)
head = clf.classifier.out_proj

# quick sanity check that fine-tuning moved the head away from its init
print("head weight avg:", head.weight.mean().item())
print("head bias avg:", head.bias.mean().item())
