import RxBenchCore

// This module's name for the adapter and its row. Package.swift compiles one file of Identity/ into each module
// built from this folder (the engine's own and each variant's, from its `variants` list).

/// The `sink` engine (RxSwift 6's Producer/Sink design).
public typealias SinkAdapter = SinkEngineAdapter

/// The row this module's adapter is.
let rowDescriptor = EngineDescriptor(id: "sink", role: .engine, modelledOn: "RxSwift 6 Producer/Sink", semantics: .rxSwift)
