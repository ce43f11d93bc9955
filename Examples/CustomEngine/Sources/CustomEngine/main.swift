import RxBenchKit

// The whole rxbench CLI with one more row:
//   swift run --package-path Examples/CustomEngine CustomEngine --engine toy,sink --workload seed
//   swift run --package-path Examples/CustomEngine CustomEngine conformance --engine toy
RxBench.main(adding: [RegisteredEngine(ToyAdapter())])
