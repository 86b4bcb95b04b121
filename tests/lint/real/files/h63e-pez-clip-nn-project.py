# Synthetic rewrite of the shape of YuxinWenRick/hard-prompts-made-easy:optim_utils.py at f22a1bec01991d94697304443cacbd66e0167e6b (licence MIT); not the original text.
"""Hard-prompt search for an image: project learned vectors onto CLIP's text token table."""
import torch
import torch.nn.functional as F
import open_clip


def project_to_tokens(vecs, token_table):
    with torch.no_grad():
        b, t, d = vecs.shape
        q = F.normalize(vecs.reshape(-1, d), dim=-1)
        # cosine against every row of the CLIP text token embedding
        bank = F.normalize(token_table.weight, dim=-1)
        nearest = (q @ bank.T).argmax(dim=-1).reshape(b, t)
        return token_table(nearest), nearest


def search(image_features, steps=1000, n_tokens=16, lr=0.1):
    model, _, preprocess = open_clip.create_model_and_transforms("ViT-H-14", pretrained="laion2b_s32b_b79k")
    tok = open_clip.get_tokenizer("ViT-H-14")
    table = model.token_embedding
    soft = torch.randn(1, n_tokens, table.weight.shape[1], requires_grad=True)
    opt = torch.optim.AdamW([soft], lr=lr)
    for _ in range(steps):
        hard, ids = project_to_tokens(soft, table)
        hard = hard.detach().requires_grad_(True)
        text_feat = model.encode_text_from_embeds(hard)  # assumed helper
        loss = 1 - F.cosine_similarity(text_feat, image_features).mean()
        grad, = torch.autograd.grad(loss, [hard])
        soft.grad = grad
        opt.step(); opt.zero_grad()
    return ids
