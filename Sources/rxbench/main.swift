print("rxbench")
