# Synthetic rewrite of the shape of GregoirePetit/EchoDFKD:core/evaluate_with_EchoCLIP.py at b62e537dfce4efb6fa79ee64710369b4869512ba (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torch.nn.functional as F
import torchvision.transforms as T
from open_clip import create_model_and_transforms, tokenize

clip_model, _, preprocess = create_model_and_transforms("hf-hub:mkaichristensen/echo-clip",
                                                        precision="bf16", device="cuda")
clip_model.eval()


def frame_prompt_scores(video_embeddings, prompt_embeddings):
    # both sides are unit length, so this is a frame-by-prompt cosine table
    per_frame_similarities = video_embeddings @ prompt_embeddings.T
    return per_frame_similarities.detach()


@torch.no_grad()
def embed_frames(frames, chunk=200):
    out = []
    for start in range(0, len(frames), chunk):
        batch = torch.stack([preprocess(T.ToPILImage()(f)) for f in frames[start:start + chunk]])
        feats = clip_model.encode_image(batch.cuda().to(torch.bfloat16))
        out.append(F.normalize(feats, dim=-1))
    return torch.cat(out)


@torch.no_grad()
def embed_prompts(words):
    return F.normalize(clip_model.encode_text(tokenize(words).cuda()), dim=-1)


def segmentation_quality(masked_frames, dilated_frames):
    """Score a predicted ventricle mask by asking the echo CLIP model what remains visible."""
    raw = embed_frames(masked_frames)
    grown = embed_frames(dilated_frames)
    wall = frame_prompt_scores(raw, embed_prompts(["WALL"])).float().cpu().numpy()
    pair = frame_prompt_scores(grown, embed_prompts(["NOTHING", "LEFT VENTRICLE"])).float().cpu().numpy()
    return float(np.mean(wall[:, 0]) + np.mean(pair[:, 0]) - np.mean(pair[:, 1]))
