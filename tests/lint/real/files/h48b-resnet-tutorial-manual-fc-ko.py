# Synthetic rewrite of the shape of Spstars/ResnetTutorial:operators/fc.py at 0006243bc28761f079554db1c7115c9dcc21cb1e (licence NOASSERTION); not the original text.
# ResNet 마지막 단계: (avgpool) 뒤의 (fc) Linear(2048 -> 1000) 을 손으로 구현해 본다
from typing import Any, List


class ManualLinear:
    """
    평균 풀링 출력(2048)을 받아 1000개 클래스 점수를 만든다.
    numpy 로 쓰면 out = x @ W.T + b 와 같다.
    """
    # 입력 크기가 다르면 오류를 내야 함 (아직 미구현)
    def __init__(self, in_features: int = 2048, out_features: int = 1000):
        self.in_features = in_features
        self.out_features = out_features
        self.W: List[List[float]] = []
        self.b: List[float] = [0.0] * out_features

    def load(self, W, b):
        # 사전학습된 fc 가중치와 편향을 그대로 넣는다
        self.W, self.b = W, b

    def forward(self, x):
        scores = [[0.0] * self.out_features for _ in range(len(x))]
        for n in range(len(x)):
            for o in range(self.out_features):
                for i in range(self.in_features):
                    scores[n][o] += x[n][i] * self.W[o][i]
                scores[n][o] += self.b[o]
        return scores

    def __call__(self, x) -> Any:
        return self.forward(x)
