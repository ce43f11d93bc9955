import Observation
import RxBenchCore
import Synchronization

/// One subscription: the loop every user of `withObservationTracking` writes outside SwiftUI. Read inside the
/// tracking closure (which registers this observer on what it read), and when `onChange` fires, read again after
/// the change, deliver, and register again: one registration per change, its cost this row's cost.
///
/// Observation has no way to take a registration back. A disposed observer stays registered, holding what it
/// captured, until a property it read next changes; then its `onChange` fires once more, and it does not register
/// again.
final class PropertyObserver: @unchecked Sendable {
    private let stream: ObservedStream
    private let next: (Int) -> Void
    /// The last value delivered, where the stream ends in distinctUntilChanged: touched by the sending thread only.
    private var lastDelivered: Int?
    /// The inputs of a combination of more than four properties, read into one buffer kept for the subscription,
    /// as a user's loop over the fields would read them into locals, so a read allocates nothing.
    private var combinedInputs: [Int] = []
    /// The next observer in this thread's `ChangesToRead`, while this one waits there to read.
    var nextToRead: PropertyObserver?
    /// Set by `dispose`, from any thread, also during a delivery; read before each delivery and registration.
    private let disposed = Atomic<Bool>(false)

    init(_ stream: ObservedStream, next: @escaping (Int) -> Void) {
        self.stream = stream
        self.next = next
    }

    /// Registers, and delivers the current value where the stream reads it at once.
    func start() {
        let value = register()
        if stream.deliversCurrentValue, let value { deliver(value) }
    }

    /// The change has been stored: read it, deliver it, register again.
    func changeDidEnd() {
        guard !disposed.load(ordering: .acquiring), let value = register() else { return }
        deliver(value)
    }

    func dispose() {
        disposed.store(true, ordering: .releasing)
    }

    /// The value read, nil where a publish subject has had no send yet.
    private func register() -> Int? {
        switch stream.source {
        case .property(let subject):
            return withObservationTracking { subject.model.value } onChange: { [self] in ChangesToRead.observerChanged(self) }
        case .combined(let subjects, let combiner):
            return withObservationTracking { read(subjects, combiner) } onChange: { [self] in
                ChangesToRead.observerChanged(self)
            }
        }
    }

    /// Only behavior subjects are combined (`ObservationMapping.combineLatest`): each has a value.
    private func read(_ subjects: [ObservedSubject], _ combiner: IntCombiner) -> Int {
        @inline(__always) func value(_ index: Int) -> Int { subjects[index].model.value! }
        switch subjects.count {
        case 2: return combiner.arity2(value(0), value(1))
        case 3: return combiner.arity3(value(0), value(1), value(2))
        case 4: return combiner.arity4(value(0), value(1), value(2), value(3))
        default:
            combinedInputs.removeAll(keepingCapacity: true)
            for index in subjects.indices { combinedInputs.append(value(index)) }
            return combiner.combine(combinedInputs)
        }
    }

    private func deliver(_ value: Int) {
        guard !disposed.load(ordering: .acquiring) else { return }
        var derived = value
        if let transform = stream.derivation.transform {
            guard let transformed = transform(value) else { return }
            derived = transformed
        }
        if stream.derivation.distinct {
            if derived == lastDelivered { return }
            lastDelivered = derived
        }
        next(derived)
    }
}
