import Synchronization

/// SwiftSignalKit's `ValuePromise`: holds a current value and replays it to new subscribers; with
/// `ignoreRepeated`, setting a value equal to the current one is not delivered.
public final class ValuePromise<T: Equatable>: @unchecked Sendable {
    private let promise: Promise<T, NoError>
    private let ignoreRepeated: Bool
    /// Guards the last value set (only consulted with `ignoreRepeated`).
    private let last: Mutex<T?>

    public init(_ value: T? = nil, ignoreRepeated: Bool = false) {
        self.promise = Promise(value)
        self.last = Mutex(value)
        self.ignoreRepeated = ignoreRepeated
    }

    public func set(_ value: T) {
        if ignoreRepeated {
            let repeated = last.withLock { last -> Bool in
                if last == value { return true }
                last = value
                return false
            }
            if repeated { return }
        }
        promise.putNext(value)
    }

    public func get() -> Signal<T, NoError> { promise.get() }
}
