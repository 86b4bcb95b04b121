# Synthetic rewrite of the shape of AtomAnu/ERAC-VAML:test_adequacy.py at e6d49474708b6352c70c061995b98f356c6788a6 (licence MIT); not the original text.
import torch
import torch.nn as nn
from xlm.utils import AttrDict
from xlm.data.dictionary import Dictionary, BOS_WORD, EOS_WORD, PAD_WORD
from xlm.model.transformer import TransformerModel
import fastBPE

ckpt = torch.load("mlm_100_1280.pth")
hp = AttrDict(ckpt["params"])
vocab = Dictionary(ckpt["dico_id2word"], ckpt["dico_word2id"], ckpt["dico_counts"])
hp.n_words = len(vocab)
hp.bos_index, hp.eos_index, hp.pad_index = vocab.index(BOS_WORD), vocab.index(EOS_WORD), vocab.index(PAD_WORD)

encoder = TransformerModel(hp, vocab, True, True)
encoder.load_state_dict(ckpt["model"])
encoder.eval()

words = ["Dog", "Hund"]
splitter = fastBPE.fastBPE("codes_xnli_100", "vocab_xnli_100")
pieces = [("</s> %s </s>" % w).split() for w in splitter.apply(words)]

width = max(len(p) for p in pieces)
ids = torch.LongTensor(width, len(pieces)).fill_(hp.pad_index)
for col, p in enumerate(pieces):
    ids[: len(p), col] = torch.LongTensor([vocab.index(t) for t in p])
lens = torch.LongTensor([len(p) for p in pieces])

hidden = encoder("fwd", x=ids, lengths=lens, langs=None, causal=False).contiguous()
first_pos = hidden[0]
left, right = first_pos[0].unsqueeze(0), first_pos[1].unsqueeze(0)
similarity = nn.CosineSimilarity()
print("cross-lingual cosine:", similarity(left, right))
