# Synthetic rewrite of the shape of sbawale/fontpair:examples/extract_weights.py at 3f12324fd31958dbf64c2293cce91e7e30e08c28 (licence NOASSERTION); not the original text.
import numpy as np


def unit_rows_of_layer(layer_name, net):
    """Pull the first weight array of a named Keras layer and scale every row to length one.

    Nothing here says which layer is passed in, and no similarity is computed:
    the unit rows are simply handed back to the caller.
    """
    table = net.get_layer(layer_name).get_weights()[0]
    return table / np.linalg.norm(table, axis=1).reshape((-1, 1))
