# Synthetic rewrite of the shape of madhu99priya/AppleNeuralHashAlgorithm:inspect_model.py at c1ee62111c0b336fad67153e78a993f82454095b (licence NOASSERTION); not the original text.
# Earlier attempt on the PyTorch checkpoint, left disabled:
# import torch
# state = torch.load("trained_hash_net.pth", map_location="cpu")
# for name in state.keys():
#     print("param:", name)
# for k, v in state.items():
#     if "classifier" in k and "weight" in k:
#         print("head found:", k, tuple(v.shape))
#         print("classes:", v.shape[0])
#         break

import onnx

graph_model = onnx.load("./exported/neuralhash_model.onnx")
first_out = graph_model.graph.output[0]
dims = [d.dim_value for d in first_out.type.tensor_type.shape.dim]
print("hash output dims:", dims)
