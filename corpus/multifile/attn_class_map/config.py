class AttnConfig:
    def __init__(self, impl="sdpa", dim=8, heads=2):
        self.impl = impl
        self.dim = dim
        self.heads = heads
