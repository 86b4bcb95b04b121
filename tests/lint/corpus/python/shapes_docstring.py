"""Class similarity from the final layer.

Labels whose weight vectors have high cosine similarity are the ones the model confuses.  # expect: COS201
"""
import torch
