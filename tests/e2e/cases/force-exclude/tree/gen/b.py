class M:
    def forward(self, x):
        print(x)
