# Synthetic rewrite of the shape of Ibonerdoiza2004/proyecto-nlp:codigo/analisis/analizar_word2vec.py at 235116c85b404d814d196febdbcdacd87366b3be (licence NOASSERTION); not the original text.
from gensim.models import Word2Vec

modelo = Word2Vec.load("salidas/vectores_liga.model")


def mostrar_cercanas(termino, n=10):
    """Imprime las palabras más cercanas según el modelo entrenado."""
    if termino not in modelo.wv.key_to_index:
        print(f"Sin vector para '{termino}'.")
        return
    for vecina, puntuacion in modelo.wv.most_similar(termino, topn=n):
        print(f"{vecina:<18}{puntuacion:.3f}")


for consulta in ["portero", "madrid", "penalti"]:
    print(f"Cercanas a {consulta!r}:")
    mostrar_cercanas(consulta)
