// The plug-in API in one import: `import RxBenchKit` gives an out-of-tree row everything it needs
// (docs/adding-an-engine.md). The modules it re-exports, and what each holds:
//   RxBenchCore      the adapter vocabulary: `EngineAdapter`, `Flow`, `EventObserver`, subjects, workloads
//   RxBenchResults   what a run reports: `ResultRow`, `Metric`, `Summary`, the floor check
//   Workloads        the catalogue, as data, and `RunPlan`
//   Measurement      the harness, generic over `EngineAdapter`
//   EngineRegistry   the rows: `RegisteredEngine`, `EngineRegistry`
//   Conformance      the conformance cases and their verdicts
//   RxBenchCLI       `RxBench.main(adding:)`: the whole command line, with extra rows
@_exported import Conformance
@_exported import EngineRegistry
@_exported import Measurement
@_exported import RxBenchCLI
@_exported import RxBenchCore
@_exported import RxBenchResults
@_exported import Workloads
