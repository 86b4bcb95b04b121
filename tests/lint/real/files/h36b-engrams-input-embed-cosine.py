# Synthetic rewrite of the shape of MikeyBeez/engrams:scripts/test_geometric_correction.py at 1073345645209302b2c2ffad06700985b0a00642 (licence NOASSERTION); not the original text.
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

checkpoint = "Qwen/Qwen2.5-7B"
tok = AutoTokenizer.from_pretrained(checkpoint)
lm = AutoModelForCausalLM.from_pretrained(checkpoint, torch_dtype=torch.float16, device_map="auto")

drug_id = tok.encode(" dantrolene", add_special_tokens=False)[0]
other_id = tok.encode(" cooling", add_special_tokens=False)[0]

table = lm.get_input_embeddings()
vec_drug = table.weight[drug_id].clone()
vec_other = table.weight[other_id].clone()

# raw similarity of the two input vectors
pair_sim = torch.nn.functional.cosine_similarity(
    vec_drug.unsqueeze(0).float(), vec_other.unsqueeze(0).float()
).item()
print(f"cos(input[drug], input[other]) = {pair_sim:.5f}")

overlap = vec_drug * vec_other
_, loudest = torch.topk(overlap.abs(), 50)
print("most shared dimensions:", loudest.tolist()[:10])
