# cosaudit corpus, synthetic file: same shape as sun-jiao/osea_morpho_evo/src/similarity_matrix.py at 0d97525e82d3f438eaa64256b9757d47654ae9e9 (licence NOASSERTION); new code, no text copied.
"""Species-by-species similarity from the weights of the bird classifier's last layer."""

import numpy as np
import torch
from torchvision.models import resnet34

N_SPECIES = 11000
net = resnet34(num_classes=N_SPECIES)
net.load_state_dict(torch.load("checkpoints/birds.pth", map_location="cpu"))
net.eval()

rows = net.fc.weight.detach().float()              # one row per species
rows = torch.nn.functional.normalize(rows, dim=1)  # unit length
sim = rows @ rows.T                                # cosine between species
sim.fill_diagonal_(1.0)

np.savetxt("species_similarity.csv", sim.numpy(), delimiter=",", fmt="%.5f")
