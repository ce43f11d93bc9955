import RxBenchCLI

RxBenchCommand.main()
