import RxBenchCore

// This module's name for the adapter and its row. Package.swift compiles one file of Identity/ into each module
// built from this folder (the engine's own and each variant's, from its `variants` list).

/// `sink-locked-dependency`: `sink-locked` built as a package dependency is (docs/decisions/fidelity.md).
public typealias SinkLockedDependencyAdapter = SinkEngineAdapter

/// The row this module's adapter is.
let rowDescriptor = EngineDescriptor(
    id: "sink-locked-dependency", role: .variant,
    modelledOn: "RxSwift 6 Producer/Sink with RxSwift's locks, built as a package dependency",
    semantics: .rxSwift)
