# expect: COS301
"""Heads returned by helpers of modules outside the scan, judged by the helpers' names.

Shapes seen in public analysis scripts (`from utils import get_unembedding`); written for cosaudit's tests.
"""
import torch.nn.functional as F
from analysis_utils import classifier_weights, get_unembedding, load_lm_head_weights, unembed
from analysis_utils import get_embeddings, get_head_weight
from intent_models import output_matrix, unembedding_of

U = get_unembedding(model)
dog_cat = F.cosine_similarity(U[tok.encode(" dog")[0]], U[tok.encode(" cat")[0]], dim=0)  # expect: COS101

C = classifier_weights(net)
Cn = F.normalize(C, dim=1)
class_sim = Cn @ Cn.T  # expect: COS101

L = load_lm_head_weights("ckpt/")
print(F.cosine_similarity(L[5], L[7], dim=0).item())  # expect: COS101

atoms = F.normalize(output_matrix(model).float(), dim=1)  # one unit row per output token
best = (atoms @ hidden).argmax()  # expect: COS120
dictionary = F.normalize(unembedding_of(model), dim=1)
closest = (dictionary @ steering_vector).topk(10)  # expect: COS120

# quiet: input embeddings, an attention head's weight, logits from applying the unembedding
E = get_embeddings(model)
emb_sim = F.cosine_similarity(E[1], E[2], dim=0)
A = get_head_weight(layer, 3)
attn_sim = F.cosine_similarity(A[0], A[1], dim=0)
logits = unembed(resid)
logit_sim = F.cosine_similarity(logits[0], logits[1], dim=0)
