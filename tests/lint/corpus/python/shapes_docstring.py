"""Class similarity from the final layer.

Labels whose weight vectors have high cosine similarity are the ones the model confuses.  # expect: COS201
"""
import torch


def global_heuristic(query_token, faiss_index, original_input_embeddings, original_output_embeddings, k, temperature):
    """Embeds a new token from its neighbours in an auxiliary embedding space.

    Args:
        query_token: the new token's text.
        faiss_index: index of the old vocabulary's auxiliary embeddings.
        original_output_embeddings: the output embedding matrix (if untied), else None.
        k: number of neighbors to find.
        temperature: temperature of the softmax over similarities.
    """
    return None


def nearest_output_tokens(W_out, token_id, k=10):
    """Lists the tokens whose output embeddings are the nearest neighbours of a token by cosine similarity.  # expect: COS202

    Args:
        W_out: the output embedding matrix.
    """
    return None


def distill_divergence(student_hidden, teacher_hidden, student_lm_head_weight, teacher_lm_head_weight):
    """Divergence of the student's and teacher's next-token distributions, projected through their heads.

    Args:
        student_hidden: student backbone output of shape (B, K, H), aligned to the completion tokens (before the `lm_head`).
        teacher_hidden: teacher backbone output, aligned with the same completion tokens.
        student_lm_head_weight: the student's output embedding matrix.
    """
    return None
