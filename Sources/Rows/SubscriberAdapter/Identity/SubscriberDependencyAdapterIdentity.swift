import RxBenchCore

// This module's name for the adapter and its row. Package.swift compiles one file of Identity/ into each module
// built from this folder (the engine's own and each variant's, from its `variants` list).

/// `subscriber-dependency`: `subscriber` built as a package dependency is (docs/decisions/fidelity.md).
public typealias SubscriberDependencyAdapter = SubscriberEngineAdapter

/// The row this module's adapter is, for each use of the engine: its id with this build's suffix.
func rowDescriptor(_ built: EngineDescriptor) -> EngineDescriptor {
    EngineDescriptor(
        id: built.id + "-dependency", role: .variant, modelledOn: built.modelledOn + ", built as a package dependency",
        semantics: built.semantics)
}
