import Measurement
import ReferenceAdapters
import RxBenchCore
import SignalAdapter
import SinkAdapter
import SubscriberAdapter

/// The engines and reference rows rxbench can run, in report order.
public enum EngineRegistry {
    public static let all: [RegisteredEngine] = [
        RegisteredEngine(SinkAdapter()),
        RegisteredEngine(SignalAdapter()),
        RegisteredEngine(SubscriberAdapter()),
        RegisteredEngine(SubscriberAdapter(.direct)),
        RegisteredEngine(SubscriberAdapter(.takeOneAsync)),
        RegisteredEngine(BaselineAdapter()),
    ]

    /// The adapters themselves, for the conformance suite (engines and variants only).
    public static var conformingAdapters: [any EngineAdapter] {
        all.filter { $0.descriptor.role != .reference }.map(\.adapter)
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

    init<Adapter: EngineAdapter>(_ adapter: Adapter) {
        descriptor = adapter.descriptor
        self.adapter = adapter
        measureWorkload = { (workload, size, options) throws(HarnessError) in
            try Harness(adapter: adapter, options: options).measure(workload, size: size)
        }
    }

    public func measure(_ workload: Workload, size: Int, options: MeasureOptions) throws(HarnessError) -> [ResultRow] {
        try measureWorkload(workload, size, options)
    }
}
