import RxBenchCore

// This module's name for the adapter and its row. Package.swift compiles one file of Identity/ into each module
// built from this folder (the engine's own and each variant's, from its `variants` list).

/// `sink-fused`: the `sink` engine with RxSwift 5's composeMap fusion (docs/decisions/fidelity.md).
public typealias SinkFusedAdapter = SinkEngineAdapter

/// The row this module's adapter is.
let rowDescriptor = EngineDescriptor(
    id: "sink-fused", role: .variant, modelledOn: "RxSwift 5 Producer/Sink, composeMap fusion",
    semantics: .rxSwift)
