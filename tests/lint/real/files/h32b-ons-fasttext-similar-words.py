# Synthetic rewrite of the shape of ONSdigital/dp-search-app:dp-search/server/suggest/routes.py at 02731cbac6d154a41757ba8ebeb29c10b3da73cf (licence NOASSERTION); not the original text.
from flask import jsonify, request

from . import bp
from vectors import WordModels, get_word_model


@bp.route("/neighbours/<term>")
def neighbours(term):
    wv_model = get_word_model(WordModels.SITE_FASTTEXT)
    n = int(request.args.get("count", "10"))
    return jsonify(wv_model.wv.similar_by_word(term, n))


@bp.route("/neighbours")
def neighbours_for_query():
    wv_model = get_word_model(WordModels.SITE_FASTTEXT)
    q = request.args.get("q")
    if q is None:
        raise ValueError("query parameter q is required")
    plus = q.split()
    minus = request.args.get("n")
    minus = minus.split() if minus is not None else None
    n = int(request.args.get("count", 10))
    hits = wv_model.wv.most_similar_cosmul(positive=plus, negative=minus, topn=n)
    return jsonify(hits)
