# Synthetic rewrite of the shape of YeonwooSung/ai_book:LLMs/tokenizer_extending/extend_tokenizer_with_new_words.py at 6764f4ea88f1b1288a3f7b765d7aab15d1ccf9dd (licence NOASSERTION); not the original text.
from transformers import AutoModel, AutoTokenizer

BASE = "roberta-base"
tokenizer = AutoTokenizer.from_pretrained(BASE)
model = AutoModel.from_pretrained(BASE)

# domain words we want as single tokens
wanted = ["covid19", "mrna"]

# drop the ones the vocabulary already has
fresh = [w for w in wanted if w not in tokenizer.get_vocab()]

tokenizer.add_tokens(fresh)

# grow the token table; the appended rows start from the default random init
model.resize_token_embeddings(len(tokenizer))
