import RxBenchCore
import SubscriberEngine

/// The adapter's subject: one of the engine's three subject classes.
public enum SubscriberSubject: Sendable {
    case publish(Subject<Int>)
    case replay(ReplaySubject<Int>)
    case behavior(BehaviorSubject<Int>)

    init(_ kind: SubjectKind) {
        switch kind {
        case .publish: self = .publish(Subject())
        case .replayLast(let initial): self = .replay(ReplaySubject(capacity: 1, initial: initial))
        case .behavior(let initial): self = .behavior(BehaviorSubject(defaultValue: initial))
        case .replay(let bufferSize): self = .replay(ReplaySubject(capacity: max(1, bufferSize)))
        }
    }

    var signal: RACSignal<Int> {
        switch self {
        case .publish(let subject): subject.signal
        case .replay(let subject): subject.signal
        case .behavior(let subject): subject.signal
        }
    }

    /// Closures made here, where the subject's class is concrete.
    func sender() -> SubjectSender {
        switch self {
        case .publish(let subject):
            SubjectSender(
                next: { subject.sendNext($0) }, error: { subject.sendError($0) },
                completed: { subject.sendCompleted() })
        case .replay(let subject):
            SubjectSender(
                next: { subject.sendNext($0) }, error: { subject.sendError($0) },
                completed: { subject.sendCompleted() })
        case .behavior(let subject):
            SubjectSender(
                next: { subject.sendNext($0) }, error: { subject.sendError($0) },
                completed: { subject.sendCompleted() })
        }
    }
}
