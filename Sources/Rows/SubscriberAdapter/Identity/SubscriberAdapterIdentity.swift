import RxBenchCore

// This module's name for the adapter and its row. Package.swift compiles one file of Identity/ into each module
// built from this folder (the engine's own and each variant's, from its `variants` list).

/// The `subscriber` engine and its run-time variants, `subscriber-direct` and `subscriber-take1`.
public typealias SubscriberAdapter = SubscriberEngineAdapter

/// The row this module's adapter is, for each use of the engine (`subscriber`, `subscriber-direct`, `subscriber-take1`).
func rowDescriptor(_ engine: EngineDescriptor) -> EngineDescriptor { engine }
