# Synthetic rewrite of the shape of Snowball0823/ECA:models/ECA_LlaVA/utils.py at be87094cf852178f2655958b5487e7203a423420 (licence NOASSERTION); not the original text.
import logging

IMG_BEGIN, IMG_FINISH, IMG_SLOT = "<img_begin>", "<img_finish>", "<img_slot>"


def register_vision_tokens(model, tokenizer, use_slot=True, use_brackets=False, saved_rows=None):
    """Add the image marker tokens and give their new embedding rows a neutral starting value."""
    extra = ([IMG_SLOT] if use_slot else []) + ([IMG_BEGIN, IMG_FINISH] if use_brackets else [])
    added = tokenizer.add_tokens(extra, special_tokens=True) if extra else 0
    if added == 0:
        return 0

    logging.info("registered %d vision marker tokens", added)
    old_vocab = model.get_input_embeddings().weight.shape[0]
    model.resize_token_embeddings(len(tokenizer))

    in_table = model.get_input_embeddings().weight.data
    out_layer = model.get_output_embeddings()
    out_table = out_layer.weight.data if out_layer is not None else None

    if use_brackets:
        ids = [tokenizer.convert_tokens_to_ids(t) for t in (IMG_BEGIN, IMG_FINISH)]
        ids = [i for i in ids if i is not None and i >= 0]
        in_mean = in_table[:old_vocab].mean(dim=0, keepdim=True)
        out_mean = out_table[:old_vocab].mean(dim=0, keepdim=True) if out_table is not None else None
        in_table[ids] = in_mean.expand(len(ids), -1)
        if out_mean is not None:
            out_table[ids] = out_mean.expand(len(ids), -1)
        if saved_rows is not None and ids:
            rows = saved_rows.to(dtype=in_table.dtype, device=in_table.device)
            in_table[ids] = rows[ids] if rows.shape == in_table.shape else rows
    return added
