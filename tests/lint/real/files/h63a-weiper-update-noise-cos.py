# Synthetic rewrite of the shape of omah03/weiper:Weiper/compare_cosine_similarity.py at bfc0b3b99ed24daf023beb4659361c43ee9a2ede (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


def _flatten(obj):
    if isinstance(obj, list):
        obj = torch.cat([t.cpu() for t in obj], dim=0)
    return obj.cpu().reshape(-1, obj.shape[-1])


def main(step_file="last_layer_steps_epoch1.pt", noise_file="perturbation_noise.pt"):
    # how the classifier weights moved during one epoch (deltas, one per class row per step)
    steps = _flatten(torch.load(step_file)["update_w"])
    # the random directions used to perturb the class projections
    noise = _flatten(torch.load(noise_file))
    print("steps", tuple(steps.shape), "noise", tuple(noise.shape))

    cos = F.normalize(steps, dim=1) @ F.normalize(noise, dim=1).t()
    vals = cos.flatten().numpy()
    print(f"cosine(update, noise): mean={vals.mean():.4f} min={vals.min():.4f} max={vals.max():.4f}")
    return vals


if __name__ == "__main__":
    main()
