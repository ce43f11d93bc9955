import RxBenchCore

// This module's name for the adapter and its row. Package.swift compiles one file of Identity/ into each module
// built from this folder (the engine's own and each variant's, from its `variants` list).

/// `subscriber-locked-dependency`: `subscriber` with ReactiveObjC's per-event locks and copies, built as a
/// package dependency is (docs/decisions/fidelity.md).
public typealias SubscriberLockedDependencyAdapter = SubscriberEngineAdapter

/// The row this module's adapter is, for each use of the engine: its id with this build's suffix.
func rowDescriptor(_ built: EngineDescriptor) -> EngineDescriptor {
    EngineDescriptor(
        id: built.id + "-locked-dependency", role: .variant,
        modelledOn: built.modelledOn + " with ReactiveObjC's per-event locks, built as a package dependency",
        semantics: built.semantics)
}
