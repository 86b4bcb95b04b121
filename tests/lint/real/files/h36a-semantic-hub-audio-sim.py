# Synthetic rewrite of the shape of ZhaofengWu/semantic-hub:audio/similarity.py at 0087edd9d0da16687efaaf2d7dc647243daf8a47 (licence NOASSERTION); not the original text.
import torch

from lib.utils import batched_cosine_similarity


def last_token_states(hidden_states):
    # hidden_states: tuple over layers of (1, seq, d); drop the embedding layer, keep the final position
    return torch.stack([h.squeeze(0) for h in hidden_states], dim=0)[1:, -1, :].cpu()


def clip_states(speech_llm, clip_batch):
    prompt = [speech_llm.prompt_template.format("<Audio><AudioHere></Audio>")]
    out, _ = speech_llm(clip_batch, prompt=prompt)
    return last_token_states(out.hidden_states)


def label_states(speech_llm, label):
    ids = speech_llm.llama_tokenizer(label, return_tensors="pt").to(speech_llm.device).input_ids
    return last_token_states(speech_llm.llama_model(ids, output_hidden_states=True).hidden_states)


@torch.inference_mode()
def matched_minus_unmatched(speech_llm, clips, clip_labels, label_names):
    a = torch.stack([clip_states(speech_llm, c) for c in clips]).cuda()          # (n_clips, L, d)
    t = torch.stack([label_states(speech_llm, n) for n in label_names]).cuda()   # (n_labels, L, d)
    sims = batched_cosine_similarity(a, t).cpu().float()                          # (n_clips, n_labels, L)
    mask = torch.zeros(sims.shape[:2], dtype=torch.bool)
    for i, lab in enumerate(clip_labels):
        mask[i, lab] = True
    return (sims[mask] - sims[~mask].mean(0, keepdim=True)).mean(0)
