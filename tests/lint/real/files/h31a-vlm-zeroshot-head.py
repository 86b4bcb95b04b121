# Synthetic rewrite of the shape of Klaus-Tu/VLM_calibrate:utils.py at 5c866048b174f17392926adc98d8dfef09766b3b (licence NOASSERTION); not the original text.
import torch


def image_embeddings(dataloader, clip_model, device):
    clip_model.eval()
    feats, ys = [], []
    for images, targets in dataloader:
        with torch.no_grad():
            f = clip_model.encode_image(images.to(device))
            f = f / f.norm(dim=-1, keepdim=True)
        feats.append(f)
        ys.append(targets.to(device))
    return torch.cat(feats).cpu(), torch.cat(ys).cpu()


def build_text_head(clip_model, tokenize, class_names, prompts, device):
    columns = []
    with torch.no_grad():
        for name in class_names:
            tokens = tokenize([p.format(name) for p in prompts]).to(device)
            emb = clip_model.encode_text(tokens)
            emb = emb / emb.norm(dim=-1, keepdim=True)
            proto = emb.mean(dim=0)
            proto = proto / proto.norm()
            columns.append(proto)
    return torch.stack(columns, dim=1)
