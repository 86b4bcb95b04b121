# expect: COS301
"""A token matrix stored under a bare name, and cosine lenses written out by hand.

Shapes seen in public notebooks; written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F
from safetensors.torch import load_file

# %% the one matrix of a tensor file, whose rows the code counts as tokens
W = load_file("tensors/W.safetensors")["W"].to(torch.float32)
N, d = W.shape
print(f"token space: {N:,} tokens in {d} dimensions")
ref = torch.randn(d)
ref = ref / ref.norm()
W_unit = W / W.norm(dim=1, keepdim=True)
cosines = W_unit @ ref  # expect: COS120
print(f"largest cosine {cosines.max():.4f}")

# %% one vector against every row, divided by the rows' norms
lens1 = (W @ ref) / W.norm(dim=1)  # expect: COS120
head = model.lm_head.weight.detach()
lens2 = (head @ ref) / (head.norm(dim=-1) * ref.norm())  # expect: COS120
row_norms = torch.linalg.norm(head, dim=-1)
lens3 = (head @ ref) / row_norms  # expect: COS120
logits = (head @ ref) / ref.norm()  # the logit lens, scaled: every equivalent model ranks alike
coupling = (head @ class_mean) / head.norm(dim=1)  # a row against its class mean (neural collapse)

# %% the other side normalised inline, in one expression (`a / |a| @ W_U / |W_U columns|`)
W_U = tl_model.W_U
w_out = tl_model.W_out[-1]
composition = w_out / w_out.norm(dim=1).unsqueeze(1) @ W_U / W_U.norm(dim=0)  # expect: COS120
composition_np = np.asarray(v) / np.linalg.norm(v) @ W_U / np.linalg.norm(W_U, axis=0)  # expect: COS120
scaled_logits = resid / resid.norm(dim=-1, keepdim=True) @ W_U  # the logit lens of a normalised state
whole = w_out / w_out.norm() @ W_U / W_U.norm()  # scaled by the whole matrix's norm: a logit lens

# %% a weight-normalised classifier: the direction part of its rows (the logits stay linear)
v_unit = F.normalize(teacher.fc.weight_v.detach())
class_sim = v_unit @ v_unit.T  # expect: COS101
p_unit = F.normalize(net.fc.parametrizations.weight.original1)
p_sim = p_unit @ p_unit.T  # expect: COS101
gain = teacher.fc.weight_g  # the magnitudes alone compare no labels

# %% the head picked by a name test inside next(...)
W_fc = next(p for n, p in model.named_parameters() if "fc.weight" in n).detach()
fc_gram = torch.mm(W_fc, W_fc.T)  # expect: COS102
W_first = next(p for n, p in model.named_parameters() if "conv1" in n)  # a convolution: not a head
conv_gram = torch.mm(W_first.flatten(1), W_first.flatten(1).T)
