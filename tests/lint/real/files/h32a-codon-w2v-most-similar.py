# Synthetic rewrite of the shape of andjadenic/Word2Vec-models-for-codon-embeddings:model.py at 63aa583024da1f82833c77a089df24c018edad77 (licence NOASSERTION); not the original text.
from gensim.models import Word2Vec

# toy corpus: each "sentence" is a run of codons read in frame
codon_runs = [
    ["ATG", "GCT", "GCC", "AAA"],
    ["TTT", "TTC", "CTG", "CTA"],
    ["GGT", "GGC", "GAA", "GAG"],
]
w2v = Word2Vec(codon_runs, vector_size=64, window=3, min_count=1)
w2v.train(codon_runs, total_examples=len(codon_runs), epochs=5)

# neighbours of a codon in the learned vector space
neighbours = w2v.wv.most_similar(positive=["GCT"], topn=3)
print("codons closest to GCT:", neighbours)
