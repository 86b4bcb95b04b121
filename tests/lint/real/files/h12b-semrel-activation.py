# cosaudit corpus, synthetic file: same shape as helloTC/SemanticRelation/extract_imagenet_activation.py at d8a24ae825cd48c98ac2d4a463b6b46f72f2242c (licence MIT); new code, no text copied.
"""Category-by-category correlation of a CNN layer's responses on the ImageNet validation set."""
import numpy as np
import torch
from torchvision import datasets, models, transforms


def rowwise_pearson(a, b):
    """Pearson correlation between every row of a and every row of b."""
    a = a - a.mean(1, keepdims=True)
    b = b - b.mean(1, keepdims=True)
    num = a @ b.T
    den = np.sqrt((a ** 2).sum(1)[:, None] * (b ** 2).sum(1)[None, :])
    return num / den


def layer_output(model, images, path):
    """Run the model and capture the output of the submodule reached by `path`."""
    captured = []
    module = model
    for name in path:
        module = module._modules[name]
    handle = module.register_forward_hook(lambda m, i, o: captured.append(o.detach().numpy()))
    model(images)
    handle.remove()
    return captured[0]


if __name__ == "__main__":
    prep = transforms.Compose([transforms.Resize((224, 224)), transforms.ToTensor(),
                               transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])])
    val = datasets.ImageFolder("/data/imagenet/val", transform=prep)
    loader = torch.utils.data.DataLoader(val, batch_size=50, shuffle=False)  # 50 images per class, in order
    net = models.alexnet()
    net.load_state_dict(torch.load("alexnet.pth"))
    net.eval()

    per_class = []
    for images, _ in loader:
        out = layer_output(net, images, ["fc"])
        per_class.append(out.mean(axis=0))        # average response of one category
    per_class = np.array(per_class)
    sim = rowwise_pearson(per_class.reshape(1000, -1), per_class.reshape(1000, -1))
    np.save("category_similarity_fc.npy", sim)
