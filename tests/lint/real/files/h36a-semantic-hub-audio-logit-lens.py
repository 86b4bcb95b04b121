# Synthetic rewrite of the shape of ZhaofengWu/semantic-hub:audio/logit_lens.py at 0087edd9d0da16687efaaf2d7dc647243daf8a47 (licence NOASSERTION); not the original text.
import torch


def layerwise_vocab_logprobs(speech_llm, clip_batch, n_audio_positions):
    """Project every layer's states at the audio positions through the LLM's output head."""
    prompt = [speech_llm.prompt_template.format("<Audio><AudioHere></Audio>")]
    out, token_ids = speech_llm(clip_batch, prompt=prompt)
    per_layer = torch.stack([h.squeeze(0) for h in out.hidden_states], dim=0)[1:]

    head_rows = speech_llm.llama_model.get_output_embeddings().weight.detach()
    layers = []
    for states in per_layer:
        head_rows = head_rows.to(states)
        scores = states @ head_rows.T
        layers.append(scores.float().log_softmax(dim=-1))
    lp = torch.stack(layers, dim=0).cpu()[:, 1:, :]
    lp = lp[:, (token_ids.cpu() == 0)[0], :]
    assert lp.shape[1] == n_audio_positions
    return lp


def label_word_score(lp, word, tok):
    wid = tok(word, add_special_tokens=False)["input_ids"][0]
    return lp[:, :, wid].mean(1)


def matched_vs_random(lp, tok, label_words, other_words):
    hit = torch.stack([label_word_score(lp, w, tok) for w in label_words]).mean(0)
    miss = torch.stack([label_word_score(lp, w, tok) for w in other_words]).mean(0)
    return hit.exp(), miss.exp()
