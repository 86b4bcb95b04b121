# Synthetic rewrite of the shape of landjbs/Ask:latentModel.py at 58ef57462551c198012c28ccbcb09eb61a8babaf (licence NOASSERTION); not the original text.
'''
Scratch space for a question-generation model that will predict a question's
embedding from a text span, using GPT-2's token vectors as its input alphabet.
'''
from scipy.spatial.distance import euclidean
from transformers import GPT2LMHeadModel, GPT2Tokenizer

lm = GPT2LMHeadModel.from_pretrained('gpt2')
tok_table = lm.transformer.wte.weight     # token vectors
pos_table = lm.transformer.wpe.weight     # position vectors
tok = GPT2Tokenizer.from_pretrained('gpt2')

# interactive check: how far apart are two words in the token table?
while True:
    a = input('first: ')
    b = input('second: ')
    ids_a = tok.encode(a, add_prefix_space=True)
    ids_b = tok.encode(b, add_prefix_space=True)
    va = lm.transformer.wte.weight[ids_a, :].detach().numpy()
    vb = lm.transformer.wte.weight[ids_b, :].detach().numpy()
    print(euclidean(va, vb))
