# cosaudit corpus, synthetic file: same shape as danleneurocom/FSCIL/FS_SAM/fs_clip.py at 8bd643ad6090e3543d89da5b76d0398e3d0466e5 (licence NOASSERTION); new code, no text copied.
"""Three-way few-shot episodes with OpenCLIP and learned slow/fast prompt offsets."""
import open_clip
import torch
import torch.nn as nn

model, _, preprocess = open_clip.create_model_and_transforms("ViT-B-16", pretrained="laion400m_e32")
tok = open_clip.get_tokenizer("ViT-B-16")
dim = model.text_projection.shape[1]
slow = nn.Parameter(0.02 * torch.randn(4, dim))
fast = nn.Parameter(0.02 * torch.randn(4, dim))
inner = torch.optim.SGD([fast], lr=1e-2)
outer = torch.optim.SGD([slow], lr=1e-3)
ce = nn.CrossEntropyLoss()


def text_code(name):
    base = model.encode_text(tok([name]))
    return base + slow.mean(0, keepdim=True) + fast.mean(0, keepdim=True)


def episode(images, names, support, query, labels_s, labels_q):
    for _ in range(5):
        img = model.encode_image(images[support])
        txt = torch.cat([text_code(n) for n in names])
        loss = ce(img @ txt.t(), labels_s)
        inner.zero_grad(); loss.backward(); inner.step()
    img_q = model.encode_image(images[query])
    txt = torch.cat([text_code(n) for n in names])
    loss_q = ce(img_q @ txt.t(), labels_q)
    outer.zero_grad(); loss_q.backward(); outer.step()
    return (img_q @ txt.t()).argmax(1)
