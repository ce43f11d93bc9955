import RxBenchCLI

// The whole CLI lives in RxBenchCLI, so that other packages can run it with their own rows added.
RxBench.main()
