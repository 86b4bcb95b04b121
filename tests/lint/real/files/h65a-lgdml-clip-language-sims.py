# Synthetic rewrite of the shape of ExplainableML/LanguageGuidance_for_DML:language_guidance.py at b07ac5bf87ff3849db3555808de092406ff15752 (licence Apache-2.0); not the original text.
# Language guidance for metric learning: an off-the-shelf ImageNet classifier names
# each training class with its top-k ImageNet labels, a text encoder embeds those
# names, and the resulting text-text cosines are distilled into the batch similarities.
import torch
import torch.nn.functional as F


def soft_kl(student, teacher, mask, fill, T=1.0):
    log_p = F.log_softmax(student.masked_fill(mask, fill) / T, dim=-1)
    q = F.softmax(teacher.masked_fill(mask, fill) / T, dim=-1)
    return F.kl_div(log_p, q, reduction="sum") * (T ** 2) / student.shape[0]


class TextGuide(torch.nn.Module):
    def __init__(self, text_encoder, shift=1.0, T=1.0, warmup=0):
        super().__init__()
        self.text_encoder = text_encoder      # e.g. a CLIP text tower
        self.shift = shift
        self.T = T
        self.warmup = warmup
        self.steps = 0
        self.name_vecs = None                 # (n_classes, k, dim)

    @torch.no_grad()
    def prepare(self, pseudo_names, device):
        # pseudo_names[c] = the k ImageNet label strings most predicted for class c
        prompts = [[f"a photo of a {n}" for n in names] for names in pseudo_names]
        flat = [p for group in prompts for p in group]
        vecs = self.text_encoder(flat).float().to(device)
        self.name_vecs = vecs.view(len(prompts), -1, vecs.shape[-1])

    def text_similarity(self, vecs):
        unit = F.normalize(vecs, dim=-1)
        # per pseudo-name slot, cosine between every pair of samples' name vectors
        sims = torch.einsum("akd,bkd->abk", unit, unit)
        return sims.mean(dim=-1)

    def forward(self, embeds, labels):
        self.steps += 1
        if self.steps < self.warmup:
            return embeds.new_zeros(())
        same = labels.view(-1, 1) == labels.view(1, -1)
        guide = self.text_similarity(self.name_vecs[labels]) + self.shift
        batch_sim = embeds @ embeds.T
        return soft_kl(batch_sim, guide.detach(), same, 1.0 + self.shift, self.T)
