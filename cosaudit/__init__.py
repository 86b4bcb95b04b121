"""cosaudit: audit what cosine similarity between label representations can and cannot tell.

A softmax head's rows (unembeddings) are only determined up to a shared translation (and, with a
final norm gain, a per-dimension rescaling), so the cosine between two rows is not a property of
the model. cosaudit measures, demonstrates and replaces such cosines with identifiable answers.
"""

__version__ = "0.1.0"
