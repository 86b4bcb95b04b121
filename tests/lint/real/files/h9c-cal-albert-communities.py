# cosaudit corpus, synthetic file: same shape as oom-debugger/concept_alignment_lm/interpretability/extract_communities.py at 1829a878725c67dcc432d48f817dc1868c4148f1 (licence Apache-2.0); new code, no text copied.
"""Token communities for ALBERT, Llama and T5-family tables.

    python communities.py --model albert-xxlarge-v2 --strategy leiden --out /tmp/communities
"""
import argparse
import os

from transformers import AlbertModel, AlbertTokenizer, AutoTokenizer, LlamaForCausalLM, T5EncoderModel

from concept_lib import store_communities

NEIGHBOURS = [125, 100, 75, 50, 25, 12, 6]


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--model", default=None)
    p.add_argument("--out", required=True)
    p.add_argument("--strategy", default="louvain", choices=["leiden", "louvain"])
    p.add_argument("--input-layer", default=True, type=bool)
    return p.parse_args()


def _write(rows, pieces, out_dir, tag, strategy):
    target = os.path.join(out_dir, f"{tag}_communities.json")
    if os.path.exists(target):
        raise ValueError(f"refusing to overwrite {target}")
    os.makedirs(out_dir, exist_ok=True)
    store_communities(rows=rows, pieces=pieces, knns=NEIGHBOURS, out_path=target, strategy=strategy)


def albert(name, out_dir, strategy, input_layer=True):
    tokenizer = AlbertTokenizer.from_pretrained(name)
    pieces = tokenizer.sp_model.id_to_piece(list(range(30000)))
    model = AlbertModel.from_pretrained(name)
    if input_layer:
        rows = model.embeddings.word_embeddings.weight.detach().cpu()
    else:
        rows = model.predictions.decoder.weight.detach().cpu()
    print(f"partitioning {rows.shape[0]} ALBERT pieces")
    _write(rows, pieces, out_dir, name, strategy)


def llama(name, out_dir, strategy):
    tokenizer = AutoTokenizer.from_pretrained(name)
    pieces = tokenizer.convert_ids_to_tokens(list(range(len(tokenizer))))
    rows = LlamaForCausalLM.from_pretrained(name).model.embed_tokens.weight.detach().cpu()
    _write(rows, pieces, out_dir, name.replace("/", "_"), strategy)


def t5(name, out_dir, strategy):
    tokenizer = AutoTokenizer.from_pretrained(name)
    pieces = tokenizer.convert_ids_to_tokens(list(range(tokenizer.vocab_size)))
    rows = T5EncoderModel.from_pretrained(name).encoder.embed_tokens.weight.detach().cpu()
    _write(rows, pieces, out_dir, name.replace("/", "_"), strategy)


def main():
    args = parse()
    name = (args.model or "").lower()
    if "albert" in name:
        albert(args.model, args.out, args.strategy, args.input_layer)
    elif "llama" in name:
        llama(args.model, args.out, args.strategy)
    elif "t5" in name:
        t5(args.model, args.out, args.strategy)
    else:
        raise ValueError("pick one of: albert, llama, t5")


if __name__ == "__main__":
    main()
