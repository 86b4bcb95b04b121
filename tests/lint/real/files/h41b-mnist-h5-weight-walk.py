# Synthetic rewrite of the shape of JAGDiaz/custom-mnist-model:weight_analysis.py at 36dae8df7d6f240f59b4181f6c295f059f656f19 (licence NOASSERTION); not the original text.
import os
import h5py


def walk_h5(node, indent=""):
    """Print the group/dataset names stored in a saved Keras weight file."""
    for name in node.keys():
        print(indent + name)
        child = node[name]
        if isinstance(child, h5py.Group):
            walk_h5(child, indent + "  ")


ckpt_dir = os.path.join(os.getcwd(), "checkpoints")
paths = sorted(os.path.join(ckpt_dir, f) for f in os.listdir(ckpt_dir) if f.endswith(".h5"))

for p in paths:
    with h5py.File(p, "r") as h5_file:
        print(p)
        walk_h5(h5_file)
        print()
