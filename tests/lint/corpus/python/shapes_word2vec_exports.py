"""A token table exported in word2vec's format and loaded with gensim: `most_similar` ranks its rows
by cosine. When the file's name gives a checkpoint that ties the table to its head and adds learned
positions (BERT, GPT-2, RoBERTa), the rows are a head's and the cosines move with a translation of
token rows against position rows (COS150). Quiet: word2vec's and GloVe's own files, and a file whose
name gives no such checkpoint.

Shapes seen in public issue threads on exported BERT token tables; written for cosaudit's tests.
"""
import gensim
from gensim.models import KeyedVectors

table_file = "bert-base-uncased.30522.768d.vec"
bert_rows = gensim.models.KeyedVectors.load_word2vec_format(table_file, binary=True)
print(bert_rows.most_similar(["look"]))  # expect: COS150

gpt_rows = KeyedVectors.load_word2vec_format("exports/gpt2.wte.txt")
for word, score in gpt_rows.most_similar("king", topn=5):  # expect: COS150
    print(word, score)

# quiet: word vectors trained as such, and an export that names no checkpoint
news = KeyedVectors.load_word2vec_format("GoogleNews-vectors-negative300.bin", binary=True)
print(news.most_similar("king"))
glove = KeyedVectors.load_word2vec_format("glove.6B.100d.w2v.txt")
print(glove.most_similar("queen"))
mine = KeyedVectors.load_word2vec_format("vectors.txt")
print(mine.most_similar("ship"))
