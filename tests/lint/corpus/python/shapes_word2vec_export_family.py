"""A token table exported in word2vec's format under a file name that gives the model's family as one
of its words (`greek_bert_embeddings.txt`), in a file with no other sign of the model: the export
itself says whose rows they are. BERT, RoBERTa and GPT-2 tie the table to the head and add learned
positions, so `most_similar` on it compares a head's rows, whose cosines move with a translation of
the token rows against the position rows (COS150). Quiet: a family's name inside
another word (`sbert`, a sentence-embedding model; `embert`), and word vectors trained as such.

Shape seen in a public issue thread (a maintainer checking an exported BERT vocabulary with gensim);
written for cosaudit's tests.
"""
from gensim.models import KeyedVectors

exported = KeyedVectors.load_word2vec_format("./greek_bert_embeddings.txt")
print([w for w, _ in exported.most_similar("athens")])  # expect: COS150

wordpieces = KeyedVectors.load_word2vec_format("exports/roberta.vocab.vec", binary=False)
print(wordpieces.similarity("river", "bank"))  # expect: COS150

decoder_rows = KeyedVectors.load_word2vec_format("exports/whisper_decoder_tokens.vec")
print(decoder_rows.most_similar("rug"))  # expect: COS150

# quiet: a sentence-embedding model's words, a name that only contains a family's letters, fastText
sentence_words = KeyedVectors.load_word2vec_format("sbert_words.txt")
print(sentence_words.most_similar("athens"))
lookalike = KeyedVectors.load_word2vec_format("embert-vectors.txt")
print(lookalike.most_similar("athens"))
fast = KeyedVectors.load_word2vec_format("cc.el.300.vec")
print(fast.most_similar("athens"))
