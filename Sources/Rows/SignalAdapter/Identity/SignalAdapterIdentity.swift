import RxBenchCore

// This module's name for the adapter and its row. Package.swift compiles one file of Identity/ into each module
// built from this folder (the engine's own and each variant's, from its `variants` list).

/// The `signal` engine (SwiftSignalKit's design).
public typealias SignalAdapter = SignalEngineAdapter

/// The row this module's adapter is.
let rowDescriptor = EngineDescriptor(
    id: "signal", role: .engine, modelledOn: "Telegram SwiftSignalKit closure signals", semantics: .swiftSignalKit)
