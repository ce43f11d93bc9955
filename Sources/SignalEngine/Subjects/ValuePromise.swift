import Synchronization

/// SwiftSignalKit's `ValuePromise`: holds a current value and replays it to new subscribers; with
/// `ignoreRepeated`, setting a value equal to the current one is not delivered.
public final class ValuePromise<T: Equatable>: @unchecked Sendable {
    private let promise: Promise<T, NoError>
    private let ignoreRepeated: Bool
    /// Guards the last value set (only consulted with `ignoreRepeated`).
    private let lastLock = SpinLock()
    @exclusivity(unchecked) private var last: T?

    /// Runs `body` on `last` with `lastLock` held (taken before `last` is touched).
    @inline(__always) private
    func withLast<Out>(_ body: (inout T?) throws -> Out) rethrows -> Out {
        lastLock.lock()
        defer { lastLock.unlock() }
        return try body(&last)
    }

    public init(_ value: T? = nil, ignoreRepeated: Bool = false) {
        self.promise = Promise(value)
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

    public func get() -> Signal<T, NoError> { promise.get() }
}
