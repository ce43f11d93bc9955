import Synchronization

/// The subscriber an asynchronous transform answers through (the st_asyncMap extension's one-time
/// subscriber): it forwards the first answer and then completes itself; later answers are ignored.
public final class OneTimeSubscriber<Value>: @unchecked Sendable {
    let downstream: PassthroughSubscriber<Value>
    /// Set by the first answer.
    let answered = Atomic<Bool>(false)

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(_ downstream: PassthroughSubscriber<Value>) {
        self.downstream = downstream
    }

    /// Sends `value`, then completed; only the first answer counts.
    public func sendNext(_ value: Value) {
        if answered.exchange(true, ordering: .acquiringAndReleasing) { return }
        downstream.sendNext(value)
        downstream.sendCompleted()
    }

    /// Completes without a value (an asynchronous filter rejecting its input).
    public func sendCompleted() {
        if answered.exchange(true, ordering: .acquiringAndReleasing) { return }
        downstream.sendCompleted()
    }

    public func sendError(_ error: any Error) {
        if answered.exchange(true, ordering: .acquiringAndReleasing) { return }
        downstream.sendError(error)
    }
}
