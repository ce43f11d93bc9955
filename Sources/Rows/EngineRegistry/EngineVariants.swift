// Made by `python3 scripts/rxtools variants` from Package.swift's variants list; CI checks it (--check).
// Each engine's variant rows, in the list's order, for EngineRegistry.builtIn.
import SignalLockedAdapter
import SignalLockedDependencyAdapter
import SinkFusedAdapter
import SinkLockedAdapter
import SinkLockedDependencyAdapter
import SubscriberDependencyAdapter
import SubscriberLockedDependencyAdapter

extension EngineRegistry {
    static let sinkEngineVariants: [RegisteredEngine] = [
        RegisteredEngine(SinkFusedAdapter()),
        RegisteredEngine(SinkLockedAdapter()),
        RegisteredEngine(SinkLockedDependencyAdapter()),
    ]
    static let signalEngineVariants: [RegisteredEngine] = [
        RegisteredEngine(SignalLockedAdapter()),
        RegisteredEngine(SignalLockedDependencyAdapter()),
    ]
    static let subscriberEngineVariants: [RegisteredEngine] = [
        RegisteredEngine(SubscriberDependencyAdapter()),
        RegisteredEngine(SubscriberLockedDependencyAdapter()),
    ]
}
