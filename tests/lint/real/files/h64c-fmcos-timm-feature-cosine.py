# Synthetic rewrite of the shape of bekhzod-olimov/Image-Feature-Map-Cosine-Similarity-Comparison:utils.py at 18a25b5a82aa37d3ba81b2c43ae1d8d064a4a1d3 (licence NOASSERTION); not the original text.
"""Compare two photos through the pooled feature maps of an ImageNet backbone."""
import timm
import torch

SUPPORTED = ("vgg16", "rexnet_150", "efficientnet_b3", "darknet53")


def build_backbone(arch, n_labels=1000):
    if arch not in SUPPORTED:
        raise ValueError(f"unsupported architecture {arch}")
    net = timm.create_model(arch, pretrained=True, num_classes=n_labels)
    side = net.pretrained_cfg["input_size"][1:]
    return net, side


def pooled(feature_map):
    # (B, C, H, W) -> (B, C) by averaging over the spatial grid
    return feature_map.mean(dim=(2, 3))


@torch.no_grad()
def top_three(net, picture, device, names):
    net = net.to(device).eval()
    fmap = net.forward_features(picture[None].to(device))
    scores = net.forward_head(fmap)
    best, where = scores.topk(3)
    print(f"most likely: {names[where[0, 0].item()]} ({best[0, 0].item():.2f})")
    return best[0], where[0]


@torch.no_grad()
def picture_similarity(net, first, second):
    similarity = torch.nn.CosineSimilarity(dim=1, eps=1e-8)
    a = pooled(net.forward_features(first[None]))
    b = pooled(net.forward_features(second[None]))
    score = similarity(a, b).item()
    print(f"feature cosine between the two pictures: {score:.3f}")
    return score
