import AsyncStreamAdapter
import Foundation
import Measurement
import ObservationAdapter
import OpenCombineAdapter
import ReferenceAdapters
import RxBenchCore
import RxBenchResults
import SignalAdapter
import SinkAdapter
import SubscriberAdapter

/// The engines and reference rows rxbench can run, in report order.
public enum EngineRegistry {
    /// Every row: the built-in ones, then those added with `register(_:)` (the plug-in entry point).
    public static var all: [RegisteredEngine] { builtIn + added.withLock { $0 } }

    /// The rows this package ships; each engine's variants (EngineVariants.swift, made from Package.swift's
    /// variants list) follow it.
    public static let builtIn: [RegisteredEngine] =
        [RegisteredEngine(SinkAdapter())] + sinkEngineVariants
        + [RegisteredEngine(SignalAdapter())] + signalEngineVariants
        + [
            RegisteredEngine(SubscriberAdapter()),
            RegisteredEngine(SubscriberAdapter(.direct)),
            RegisteredEngine(SubscriberAdapter(.takeOneAsync)),
        ] + subscriberEngineVariants
        + [
            RegisteredEngine(BaselineAdapter()),
            RegisteredEngine(StageLoopAdapter()),
            RegisteredEngine(OpenCombineAdapter()),
            RegisteredEngine(AsyncStreamAdapter()),
            RegisteredEngine(AsyncChannelAdapter()),
            RegisteredEngine(ObservationAdapter()),
        ]

    private static let added = LockedValue<[RegisteredEngine]>([])

    /// Adds rows after the built-in ones (`RxBench.main(adding:)` calls this before parsing arguments).
    /// Ids must be new: a row whose id is already taken is rejected.
    public static func register(_ engines: [RegisteredEngine]) throws(DuplicateEngineID) {
        try added.withLock { (added) throws(DuplicateEngineID) in
            var ids = Set((builtIn + added).map(\.descriptor.id))
            for engine in engines {
                guard ids.insert(engine.descriptor.id).inserted else { throw DuplicateEngineID(id: engine.descriptor.id) }
            }
            added += engines
        }
    }

    /// The adapters themselves, for the conformance suite (engines and variants only: library rows run
    /// through LibraryConformanceTests, where their known differences are asserted).
    public static var conformingAdapters: [any EngineAdapter] {
        all.filter { $0.descriptor.role == .engine || $0.descriptor.role == .variant }.map(\.adapter)
    }

    public static var ids: [String] { all.map(\.descriptor.id) }

    public static func engine(id: String) -> RegisteredEngine? {
        all.first { $0.descriptor.id == id }
    }
}

/// An adapter with its measuring entry point made where the adapter's type is concrete, so the harness
/// is specialised for it.
public struct RegisteredEngine: Sendable {
    public let descriptor: EngineDescriptor
    public let adapter: any EngineAdapter
    private let measureWorkload: @Sendable (Workload, Int, MeasureOptions) throws(HarnessError) -> [ResultRow]
    private let runMeasuredRegion: @Sendable (Workload, Int) throws(HarnessError) -> Void
    /// `workload` translated at size 1, nothing subscribed: why the row cannot run it, and whether its stream
    /// is delivered on other threads.
    private let feasibility: @Sendable (Workload) -> (unsupported: UnsupportedFlow?, asynchronous: Bool)
    private let prepareWorkload: @Sendable (Workload, Int) throws(HarnessError) -> PreparedWorkload

    /// Registers `adapter`. Call it where the adapter's type is concrete (`RegisteredEngine(MyAdapter())`):
    /// the harness is specialised for that type here, so the measured loops make no existential calls.
    public init<Adapter: EngineAdapter>(_ adapter: Adapter) {
        descriptor = adapter.descriptor
        self.adapter = adapter
        measureWorkload = { (workload, size, options) throws(HarnessError) in
            try Harness(adapter: adapter, options: options).measure(workload, size: size)
        }
        runMeasuredRegion = { (workload, size) throws(HarnessError) in
            try Harness(adapter: adapter, options: MeasureOptions()).runInMeasuredRegion(workload, size: size)
        }
        prepareWorkload = { (workload, size) throws(HarnessError) in
            try Harness(adapter: adapter, options: MeasureOptions()).prepare(workload, size: size)
        }
        feasibility = { workload in Harness(adapter: adapter, options: MeasureOptions()).feasibility(workload) }
    }

    /// Why this row cannot run `workload` (its flow translated at size 1, nothing subscribed: an operator it
    /// lacks, a feed from several threads on a row whose subjects cannot take it, or a checksum that needs
    /// the synchronous delivery the row does not give), or nil.
    public func unsupported(_ workload: Workload) -> UnsupportedFlow? {
        feasibility(workload).unsupported
    }

    /// Whether this row delivers `workload`'s stream on other threads after the causing call returned
    /// (async-stream's merge, combineLatest, zip): such runs have no exact allocation count.
    public func deliversAsynchronously(_ workload: Workload) -> Bool {
        feasibility(workload).asynchronous
    }

    /// One checked run of `workload` inside the region callgrind counts (see `Harness.runInMeasuredRegion`).
    public func runInMeasuredRegion(_ workload: Workload, size: Int) throws(HarnessError) {
        try runMeasuredRegion(workload, size)
    }

    /// `workload` set up for a driver that times and counts each iteration itself (Benchmarks/, for
    /// package-benchmark); see `PreparedWorkload`.
    public func prepare(_ workload: Workload, size: Int) throws(HarnessError) -> PreparedWorkload {
        try prepareWorkload(workload, size)
    }

    public func measure(_ workload: Workload, size: Int, options: MeasureOptions) throws(HarnessError) -> [ResultRow] {
        try measureWorkload(workload, size, options)
    }
}

/// `EngineRegistry.register(_:)` was given an id that is already taken.
public struct DuplicateEngineID: Error, CustomStringConvertible {
    public let id: String
    public var description: String { "an engine with id '\(id)' is already registered" }
}

/// A value guarded by a lock (the registry is read from the CLI and from parallel tests).
private final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
