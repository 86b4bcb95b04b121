# expect: COS301
"""One label's row on one side of a cosine: neurons' output weights against the unembedding of
one token, a steering vector against the rows of a few tokens, and a stack of vectors that holds
two tokens' unembeddings, compared all against all. The look-alikes stay quiet: a projection on
one row, a steering along it, direct logit attribution, a stack with one head row among other
vectors, and a classifier row against its own class mean.

Shapes seen in public neuron-interpretation and steering notebooks; written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F
from transformer_lens import HookedTransformer

model = HookedTransformer.from_pretrained("pythia-70m")
answer_dir = model.tokens_to_residual_directions(" gen")
neuron_weights = model.W_out[5]
neuron_cos = F.cosine_similarity(neuron_weights, answer_dir.unsqueeze(0), dim=-1)  # expect: COS120
chosen = neuron_cos > 0

steer = get_steering_vector(model, layer=4)
unit_steer = steer / steer.norm()
alignment = {}
for word in [" good", " bad", " love"]:
    col = model.W_U[:, model.to_single_token(word)]
    unit_col = col / col.norm()
    alignment[word] = torch.dot(unit_steer.float(), unit_col.float()).item()  # expect: COS120

vecs = torch.stack([
    model.W_out[31, 892],
    model.W_U[:, 257],
    model.W_U[:, 281],
])
vecs_norm = vecs / vecs.norm(dim=-1, keepdim=True)
table = vecs_norm @ vecs_norm.T  # expect: COS101

# look-alikes
projection = (neuron_weights @ answer_dir) / answer_dir.norm()
steered = resid + 3.0 * answer_dir
dla = neuron_weights @ model.W_U[:, 257]
mixed = torch.stack([model.W_out[31, 892], model.W_in[31, :, 892], model.W_U[:, 257]])
mixed_norm = mixed / mixed.norm(dim=-1, keepdim=True)
mixed_table = mixed_norm @ mixed_norm.T
fc_row = classifier.fc.weight[3]
self_dual = F.cosine_similarity(fc_row, class_means[3], dim=0)


def make_label_one_similarity(x, target):
    """Relabel images by their similarity to one target image (a name, not a head)."""
    return (F.cosine_similarity(x.flatten(1), target.flatten(1)) > 0.4).long()
