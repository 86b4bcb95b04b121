# Synthetic rewrite of the shape of mithunpaul08/pytorch_nlp_book_yelp_review:interpretability.py at 26b52514fe41e96453bac4cd2cbf0e6420c77a92 (licence NOASSERTION); not the original text.
# Which vocabulary items push a bag-of-words review model towards "positive"?
import torch

print(review_model.fc1.weight.shape)
# the single output unit: one row of weights over the vocabulary
unit_row = review_model.fc1.weight.detach()[0]
order = torch.argsort(unit_row, descending=True).tolist()

print("Words that raise the positive score")
print("=" * 36)
for idx in order[:15]:
    print(text_vectorizer.vocab.token_for(idx))

print()
print("Words that raise the negative score")
print("=" * 36)
for idx in list(reversed(order))[:15]:
    print(text_vectorizer.vocab.token_for(idx))
