import Dispatch
import RxBenchCore

/// What the terminal observers of a run saw. The observer closures capture only this object, so making
/// them allocates nothing per lifecycle.
final class Tally: @unchecked Sendable {
    // Written by the delivering thread; read by the harness only after `terminations` was signalled or
    // after a synchronous run returned, which orders the accesses.
    // Unchecked: the dynamic exclusivity check would otherwise run on every event of every engine.
    @exclusivity(unchecked) var checksum = Checksum()
    let terminations = DispatchSemaphore(value: 0)

    func observer() -> EventObserver {
        EventObserver(
            next: { [self] value in
                checksum.values &+= 1
                checksum.sum &+= value
            },
            error: { [self] _ in
                checksum.errors &+= 1
                terminations.signal()
            },
            completed: { [self] in
                checksum.completions &+= 1
                terminations.signal()
            })
    }
}

/// Why a run produced no figure.
public enum HarnessError: Error, CustomStringConvertible, Sendable {
    case checksum(engine: String, workload: String, expected: Checksum, actual: Checksum)
    case unsupported(UnsupportedFlow)
    case timedOut(engine: String, workload: String)

    public var description: String {
        switch self {
        case let .checksum(engine, workload, expected, actual):
            "wrong checksum: \(engine) on \(workload): expected \(expected), got \(actual)"
        case let .unsupported(reason): reason.description
        case let .timedOut(engine, workload): "\(engine) on \(workload): no terminal event within 60 s"
        }
    }
}

/// Runs scenarios on one adapter. Buffers are kept between lifecycles so that the harness itself
/// allocates nothing inside a measured run.
struct ScenarioRunner<Adapter: EngineAdapter> {
    let adapter: Adapter
    let workloadID: String
    private var subjects: [Adapter.Subject] = []
    private var subscriptions: [Adapter.Subscription] = []

    init(adapter: Adapter, workloadID: String) {
        self.adapter = adapter
        self.workloadID = workloadID
    }

    /// Sizes the buffers for `scenario` outside any measured region.
    mutating func prepare(for scenario: Scenario) {
        subjects.reserveCapacity(scenario.subjects.count)
        subscriptions.reserveCapacity(scenario.subscribers + 1)
    }

    /// Runs every lifecycle of `scenario` and returns what its observers saw.
    mutating func run(_ scenario: Scenario, tally: Tally) throws(HarnessError) -> Checksum {
        let observer = tally.observer()
        tally.checksum = Checksum()
        for _ in 0..<scenario.lifecycles {
            makeSubjects(scenario)
            let stream = try stream(scenario)
            for _ in 0..<scenario.subscribers {
                subscriptions.append(adapter.subscribe(stream, observer))
            }
            feed(scenario.feed)
            if scenario.awaitsTermination {
                for _ in 0..<scenario.subscribers where tally.terminations.wait(timeout: .now() + 60) == .timedOut {
                    throw .timedOut(engine: adapter.descriptor.id, workload: workloadID)
                }
            }
            disposeAll()
        }
        return tally.checksum
    }

    /// Runs `scenario` and fails unless its checksum is the expected one.
    mutating func runChecked(_ scenario: Scenario, tally: Tally) throws(HarnessError) {
        let actual = try run(scenario, tally: tally)
        guard actual == scenario.expected else {
            throw .checksum(
                engine: adapter.descriptor.id, workload: workloadID, expected: scenario.expected, actual: actual)
        }
    }

    mutating func makeSubjects(_ scenario: Scenario) {
        subjects.removeAll(keepingCapacity: true)
        for kind in scenario.subjects { subjects.append(adapter.makeSubject(kind)) }
    }

    func stream(_ scenario: Scenario) throws(HarnessError) -> Adapter.Stream {
        do { return try adapter.stream(scenario.flow, subjects: subjects) } catch { throw .unsupported(error) }
    }

    func feed(_ feed: Feed) {
        guard case let .values(index, value, count, thenComplete) = feed else { return }
        let sender = adapter.sender(for: subjects[index])
        for _ in 0..<count { sender.next(value) }
        if thenComplete { sender.completed() }
    }

    mutating func disposeAll() {
        for subscription in subscriptions { adapter.dispose(subscription) }
        subscriptions.removeAll(keepingCapacity: true)
    }

    mutating func keep(_ subscription: Adapter.Subscription) {
        subscriptions.append(subscription)
    }
}
