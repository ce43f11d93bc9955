import RxBenchCore

// This module's name for the adapter and its row. Package.swift compiles one file of Identity/ into each module
// built from this folder (the engine's own and each variant's, from its `variants` list).

/// `sink-locked`: the `sink` engine with RxSwift 6's locks (docs/decisions/fidelity.md).
public typealias SinkLockedAdapter = SinkEngineAdapter

/// The row this module's adapter is.
let rowDescriptor = EngineDescriptor(
    id: "sink-locked", role: .variant, modelledOn: "RxSwift 6 Producer/Sink with RxSwift's locks",
    semantics: .rxSwift)
