import RxBenchCore

// This module's name for the adapter and its row. Package.swift compiles one file of Identity/ into each module
// built from this folder (the engine's own and each variant's, from its `variants` list).

/// `signal-locked-dependency`: `signal-locked` built as a package dependency is (docs/decisions/fidelity.md).
public typealias SignalLockedDependencyAdapter = SignalEngineAdapter

/// The row this module's adapter is.
let rowDescriptor = EngineDescriptor(
    id: "signal-locked-dependency", role: .variant,
    modelledOn: "Telegram SwiftSignalKit closure signals with its mutexes, built as a package dependency",
    semantics: .swiftSignalKit)
