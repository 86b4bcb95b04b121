# Synthetic rewrite of the shape of cheffjiu/SMTP_PaAT_Re:paat/model/paat_re.py at efd3c611bd8b4e93c049cbe3076de215ae74af60 (licence Apache-2.0); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F
from transformers import AutoModel


class EpisodeProtoNet(nn.Module):
    def __init__(self, backbone_name, n_way, k_shot, temperature=0.1):
        super().__init__()
        self.encoder = AutoModel.from_pretrained(backbone_name)
        self.n_way, self.k_shot = n_way, k_shot
        self.temperature = temperature
        self.drop = nn.Dropout(0.1)

    def class_prototypes(self, support_states):
        # support_states: [N*K, L, H] -> 每类取支持样本句向量的平均
        pooled = support_states.mean(dim=1)
        pooled = pooled.view(self.n_way, self.k_shot, -1)
        return pooled.mean(dim=1)  # [N, H]

    def query_vectors(self, query_states):
        return query_states.mean(dim=1)  # [N*Q, H]

    def forward(self, s_ids, s_mask, q_ids, q_mask):
        s_ids = s_ids.view(-1, s_ids.size(-1))
        s_mask = s_mask.view(-1, s_mask.size(-1))
        q_ids = q_ids.view(-1, q_ids.size(-1))
        q_mask = q_mask.view(-1, q_mask.size(-1))
        # 1) 编码支持集与查询集
        s_states = self.encoder(input_ids=s_ids, attention_mask=s_mask)[0]
        q_states = self.encoder(input_ids=q_ids, attention_mask=q_mask)[0]
        # 2) 一份带 dropout 的副本用于对比
        s_alt = self.drop(s_states)
        # 3) 构造原型与查询向量
        protos = self.class_prototypes(s_states)
        protos_alt = self.class_prototypes(s_alt)
        queries = self.query_vectors(q_states)
        # 4) 余弦相似度除以温度作为 logits
        p_unit = F.normalize(protos, dim=1)
        q_unit = F.normalize(queries, dim=1)
        logits = q_unit @ p_unit.t() / self.temperature  # [N*Q, N]
        return {"logits": logits, "protos": protos, "protos_alt": protos_alt}
