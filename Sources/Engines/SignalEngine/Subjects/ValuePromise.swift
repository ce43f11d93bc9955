import Synchronization

/// SwiftSignalKit's `ValuePromise`: holds a current value and replays it to new subscribers; with
/// `ignoreRepeated`, setting a value equal to the current one is not delivered.
///
/// SwiftSignalKit's `ValuePromise` has no error type and never terminates. This one can also be fed
/// terminal events (the suite's behavior subject), and a subscriber that comes after one gets only that
/// event, as RxSwift's BehaviorSubject does: a terminated value is not replayed (see
/// docs/decisions/completion-rules.md).
public final class ValuePromise<T: Equatable, E>: @unchecked Sendable {
    private let promise: Promise<T, E>
    private let ignoreRepeated: Bool
    /// Guards the last value set (only consulted with `ignoreRepeated`).
    private let lastLock = Lock()
    private var last: T?

    /// Runs `body` on `last` with `lastLock` held (taken before `last` is touched).
    @inline(__always) private
    func withLast<Out>(_ body: (inout T?) -> Out) -> Out { lastLock.withLock { body(&last) } }

    public init(_ value: T? = nil, ignoreRepeated: Bool = false) {
        self.promise = Promise(value, replaysValueAfterTermination: false)
        self.last = value
        self.ignoreRepeated = ignoreRepeated
    }

    public func set(_ value: T) {
        if ignoreRepeated {
            let repeated = withLast { last -> Bool in
                if last == value { return true }
                last = value
                return false
            }
            if repeated { return }
        }
        promise.putNext(value)
    }

    /// Ends the value stream with `error`; later subscribers get only the error.
    public func putError(_ error: E) { promise.putError(error) }

    /// Ends the value stream; later subscribers get only the completion.
    public func putCompletion() { promise.putCompletion() }

    public func get() -> Signal<T, E> { promise.get() }
}
