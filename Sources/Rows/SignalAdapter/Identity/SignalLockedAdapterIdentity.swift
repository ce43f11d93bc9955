import RxBenchCore

// This module's name for the adapter and its row. Package.swift compiles one file of Identity/ into each module
// built from this folder (the engine's own and each variant's, from its `variants` list).

/// `signal-locked`: the `signal` engine with SwiftSignalKit's mutexes (docs/decisions/fidelity.md).
public typealias SignalLockedAdapter = SignalEngineAdapter

/// The row this module's adapter is.
let rowDescriptor = EngineDescriptor(
    id: "signal-locked", role: .variant, modelledOn: "Telegram SwiftSignalKit closure signals with its mutexes",
    semantics: .swiftSignalKit)
