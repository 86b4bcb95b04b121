# Synthetic rewrite of the shape of vinash85/erv:plots/read_saved_model.py at 1c1c90eb87137388ec118a90b3b073288a1471c1 (licence NOASSERTION); not the original text.
# dump the output-layer weights of a trained embedding model for plotting elsewhere
import numpy as np
import torch

run_dir = "./runs/tcga_rerun/"
state = torch.load(run_dir + "best.pth.tar")
encoder_state = state["embedding_state_dict"]
first_layer = encoder_state["fc1.weight"]  # rows = output units, columns = inputs

head_state = state["outputs"]
regression_rows = head_state["linear1.weight"]
binary_rows = head_state["linear2.weight"]

np.savetxt(run_dir + "linear_output_weights.txt", regression_rows, delimiter=",")
