# Synthetic rewrite of the shape of chentong1023/word2vec4action2motion:embed_test.py at bc07fa685af303a83bcddc89c97171711f7f4969 (licence NOASSERTION); not the original text.
import torch
from scipy.spatial.distance import cosine
from transformers import BertModel, BertTokenizer


def layer_summed_vectors(text, tok, net):
    enc = tok(text, return_tensors="pt")
    with torch.no_grad():
        layers = net(**enc)[2]
    stacked = torch.stack(layers, dim=0).squeeze(1).permute(1, 0, 2)
    return [position[-4:].sum(dim=0) for position in stacked]


tok = BertTokenizer.from_pretrained("bert-base-uncased")
net = BertModel.from_pretrained("bert-base-uncased", output_hidden_states=True)
net.eval()

vec = {w: layer_summed_vectors(w, tok, net) for w in ["queen", "king", "woman", "man"]}
offset = vec["queen"][1] - vec["king"][1]
print(1 - cosine(vec["queen"][1], vec["man"][1]))
