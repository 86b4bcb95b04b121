# expect: COS301
"""An edit of sense vectors through two head rows: each sense's component along one row (divided by
that row's squared norm, `d @ d`) is moved onto another row, rescaled by the ratio of the two rows'
squared norms. A row times itself is its squared norm, not two rows compared,
and a row used as a hidden direction is not a label similarity: quiet. Only the last helper compares
the two rows.

Shape seen in public editing helpers of Backpack language models; written for cosaudit's tests.
"""


def move_component(senses, out_row, in_row):
    along = senses @ out_row / (out_row @ out_row)
    rescale = (out_row @ out_row) / (in_row @ in_row)
    return senses - along[:, None] * out_row[None] + along[:, None] * in_row[None] * rescale


def edit_word(model, senses, out_id, in_id):
    out_row = model.lm_head.weight[out_id]
    in_row = model.lm_head.weight[in_id]
    return move_component(senses, out_row, in_row)


def rows_alike(model, out_id, in_id):
    out_row = model.lm_head.weight[out_id]
    in_row = model.lm_head.weight[in_id]
    return (out_row @ in_row) / (out_row.norm() * in_row.norm())  # expect: COS101
