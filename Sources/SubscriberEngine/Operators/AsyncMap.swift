import Synchronization

/// The subscriber an asynchronous transform answers through (the st_asyncMap extension's one-time
/// subscriber): it forwards the first answer and then completes itself; later answers are ignored.
public final class OneTimeSubscriber<Value>: @unchecked Sendable {
    let downstream: PassthroughSubscriber<Value>
    /// Set by the first answer.
    let answered = Atomic<Bool>(false)

    init(_ downstream: PassthroughSubscriber<Value>) {
        self.downstream = downstream
        liveObjectCreated()
    }

    deinit { liveObjectDestroyed() }

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

extension Signal {
    /// A signal whose subscriber completes itself after its first value.
    public static func oneTime(_ start: @escaping (OneTimeSubscriber<Value>) -> Void) -> Signal<Value> {
        .createSignal { subscriber in
            start(OneTimeSubscriber(subscriber))
            return nil
        }
    }

    /// st_asyncMap: `flattenMap` into a one-time signal; `transform` answers through `reply`, now or
    /// later, from any thread. Answers are forwarded in the order they arrive.
    public func asyncMap<Result>(
        _ transform: @escaping (Value, _ reply: @escaping (Result) -> Void) -> Void
    ) -> Signal<Result> {
        flattenMap { value in
            Signal<Result>.oneTime { once in transform(value) { once.sendNext($0) } }
        }
    }

    /// st_asyncFilter: `flattenMap` into a one-time signal sending `value` when the verdict is `true`
    /// and only completing when it is `false`.
    public func asyncFilter(
        _ predicate: @escaping (Value, _ reply: @escaping (Bool) -> Void) -> Void
    ) -> Signal<Value> {
        flattenMap { value in
            Signal<Value>.oneTime { once in
                predicate(value) { keep in
                    if keep { once.sendNext(value) } else { once.sendCompleted() }
                }
            }
        }
    }

    /// `asyncMap` written with `take(1)` instead of a one-time subscriber: the answer signal is an
    /// ordinary `createSignal` and `take(1)` (a bind stage) ends it after the first value. Kept as public
    /// API so the two mechanisms can be measured against each other.
    public func asyncMapUsingTake<Result>(
        _ transform: @escaping (Value, _ reply: @escaping (Result) -> Void) -> Void
    ) -> Signal<Result> {
        flattenMap { value in
            Signal<Result>.createSignal { subscriber in
                transform(value) { subscriber.sendNext($0) }
                return nil
            }.take(1)
        }
    }

    /// `asyncFilter` with `take(1)`: a `false` verdict must still end the answer signal, so it sends
    /// completed itself.
    public func asyncFilterUsingTake(
        _ predicate: @escaping (Value, _ reply: @escaping (Bool) -> Void) -> Void
    ) -> Signal<Value> {
        flattenMap { value in
            Signal<Value>.createSignal { subscriber in
                predicate(value) { keep in
                    if keep { subscriber.sendNext(value) } else { subscriber.sendCompleted() }
                }
                return nil
            }.take(1)
        }
    }
}
