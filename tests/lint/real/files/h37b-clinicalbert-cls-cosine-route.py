# Synthetic rewrite of the shape of SylviaHJY/AI-Google-Trustworthy:similarity/src/routers/similarityRoute.py at 3813d992faa8d0acaf4b8e1f207dfe9b611e1d6b (licence NOASSERTION); not the original text.
from fastapi import APIRouter, HTTPException
from pydantic import BaseModel
from sklearn.metrics.pairwise import cosine_similarity
from transformers import BertModel, BertTokenizer

api = APIRouter()
_tok = BertTokenizer.from_pretrained('emilyalsentzer/Bio_ClinicalBERT')
_enc = BertModel.from_pretrained('emilyalsentzer/Bio_ClinicalBERT')


class Pair(BaseModel):
    first: str
    second: str


def cls_vector(text):
    batch = _tok(text, return_tensors="pt", truncation=True, max_length=512)
    return _enc(**batch)[0][:, 0, :].detach().numpy()


@api.post("/compare")
def compare(pair: Pair):
    if not pair.first or not pair.second:
        raise HTTPException(status_code=400, detail="empty text")
    score = cosine_similarity(cls_vector(pair.first), cls_vector(pair.second))[0][0]
    return {"score": float(score)}
