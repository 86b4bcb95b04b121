# Synthetic rewrite of the shape of ba144220/cs224n-final-project:src/main.py at 348abefeb9997b3ba51911d17630a972bbf5799a (licence NOASSERTION); not the original text.
# Quick look at the input token table of a small Llama before the project experiments.
from transformers import AutoTokenizer, LlamaForCausalLM

checkpoint = "meta-llama/Llama-3.2-1B-Instruct"
print("loading", checkpoint)

tok = AutoTokenizer.from_pretrained(checkpoint)
net = LlamaForCausalLM.from_pretrained(checkpoint).cuda()

print(net)
print("embedding module:", net.model.embed_tokens)
print("first column of the table:", net.model.embed_tokens.weight[:,0])
