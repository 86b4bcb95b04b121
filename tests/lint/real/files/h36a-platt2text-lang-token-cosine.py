# Synthetic rewrite of the shape of iampia-b/platt2text:evaluation/compare_embeddings.py at a58e4ac617ed56866e1ab67edbedb7c167715e8e (licence MIT); not the original text.
import numpy as np
import seaborn as sns
from matplotlib import pyplot as plt
from sklearn.metrics.pairwise import cosine_similarity
from transformers import WhisperForConditionalGeneration, WhisperTokenizer


def language_token_vectors(asr_model, tok, codes):
    table = asr_model.get_input_embeddings()
    vectors = {}
    for code in codes:
        tid = tok.convert_tokens_to_ids(f"<|{code}|>")
        if tid is None:
            continue
        vectors[code] = table.weight[tid].detach().cpu().numpy()
    return vectors


def heatmap(sim, names, out_png):
    plt.figure(figsize=(9, 7))
    sns.heatmap(sim, xticklabels=names, yticklabels=names, annot=True, fmt=".3f")
    plt.savefig(out_png, dpi=200, bbox_inches="tight")
    plt.close()


def run(codes, finetuned_dir, out_png):
    base = WhisperForConditionalGeneration.from_pretrained("openai/whisper-small")
    base_tok = WhisperTokenizer.from_pretrained("openai/whisper-small")
    tuned = WhisperForConditionalGeneration.from_pretrained(finetuned_dir)
    tuned_tok = WhisperTokenizer.from_pretrained(finetuned_dir)

    vecs = {k: v for k, v in language_token_vectors(base, base_tok, codes).items() if k != "new"}
    vecs["new (tuned)"] = language_token_vectors(tuned, tuned_tok, ["new"])["new"]

    names = list(vecs)
    stacked = np.stack([vecs[n] for n in names])
    similarity_matrix = cosine_similarity(stacked)
    np.savetxt(out_png.replace(".png", ".csv"), similarity_matrix, delimiter=",", fmt="%.4f")
    heatmap(similarity_matrix, names, out_png)
