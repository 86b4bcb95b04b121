# Synthetic rewrite of the shape of XuandongZhao/NPPrompt:emb_prompt.py at 2c30c7ba47bbbccd8e3e627e7b06b16c5229cf52 (licence MIT); not the original text.
"""Zero-shot topic classification with a masked LM: label words come from embedding neighbours."""
import argparse

import torch
from prompt_kit import load_mlm, SlotTemplate, PromptClassifier, PromptLoader
from prompt_kit.verbalizers import ListVerbalizer, EmbVerbalizer

ap = argparse.ArgumentParser()
ap.add_argument("--family", default="roberta")
ap.add_argument("--checkpoint", default="roberta-large")
ap.add_argument("--task", default="agnews")
ap.add_argument("--verbalizer", default="ept", choices=["ept", "manual"])
ap.add_argument("--neighbours", type=int, default=12)
ap.add_argument("--min_sim", type=float, default=-1.0)
args = ap.parse_args()

mlm, tok, cfg, Wrapper = load_mlm(args.family, args.checkpoint)
topics = ["world", "sports", "business", "tech"]
template = SlotTemplate(tok).from_text("{text} This topic is about {mask} .")

if args.verbalizer == "ept":
    # neighbours of each seed label word in the LM's own token table, cached per task/model
    verbalizer = EmbVerbalizer(tok, model=mlm, classes=topics).from_file(
        select_num=args.neighbours, truncate=args.min_sim, dataset_name=args.task,
        path=f"{args.task}_{args.family}_cos.pt", tmodel=args.family)
else:
    verbalizer = ListVerbalizer(tok, classes=topics).from_file(f"verbalizers/{args.task}.txt")

clf = PromptClassifier(plm=mlm, template=template, verbalizer=verbalizer, freeze_plm=True)
loader = PromptLoader(split="test", task=args.task, template=template, tokenizer=tok, wrapper=Wrapper)
hits = total = 0
with torch.no_grad():
    for batch in loader:
        pred = clf(batch).argmax(dim=-1)
        hits += (pred == batch["label"]).sum().item()
        total += pred.numel()
print(f"{args.task} zero-shot accuracy: {hits / max(total, 1):.4f}")
