# Synthetic rewrite of the shape of tiantongtong1-oss/Global-Gaussian-KNN:train.py at f9227bf2ae617ec2c810cd0462c446543441350d (licence NOASSERTION); not the original text.
# 表情识别跨域自训练: 源域预训练阶段, 交叉熵 + 亲和损失 + 分类头权重夹角正则
import torch
import torch.nn.functional as F

import nets


# 分类头正则: 两两计算各表情类别权重行的余弦相似度, 把不同类别的权重推开
def head_angle_penalty(net):
    rows = net.fc.weight                                   # [类别数, 特征维]
    lens = rows.norm(dim=1, keepdim=True).clamp_min(1e-12)
    cos = rows.mm(rows.t()) / lens.mm(lens.t())
    off = cos - torch.eye(rows.size(0), device=rows.device)
    return ((off + 1.0) / 2.0).mean()


def source_epoch(net, loader, opt, w_cls=4.0, w_aff=0.3, w_head=0.1):
    ce = torch.nn.CrossEntropyLoss()
    net.train()
    for imgs, labels in loader:
        imgs, labels = imgs.cuda(), labels.cuda()
        opt.zero_grad()
        logits, aff = net(imgs, labels, None, 'train', 'source')
        loss = w_cls * ce(logits, labels) + w_aff * aff + w_head * head_angle_penalty(net)
        loss.backward()
        opt.step()


if __name__ == '__main__':
    net = nets.Model(backbone='mobilenet_v2', num_classes=7).cuda()
    opt = torch.optim.Adam(net.parameters(), 1e-3, weight_decay=1e-4)
    source_epoch(net, nets.raf_loader(), opt)
