import Synchronization

/// Disposes what it holds when it is deallocated (RxSwift's ownership idiom).
public final class DisposeBag {
    private struct State {
        var disposables: [Disposable] = []
        var isDisposed = false
    }

    // Guards the held disposables; never held while disposing.
    private let lock = SpinLock()
    private var guarded = State()

    @inline(__always)
    private func withState<R>(_ body: (inout State) -> R) -> R {
        lock.withLock { body(&guarded) }
    }

    public init() {}

    /// Holds `disposable` until the bag goes away (disposes it at once if that already happened).
    public func insert(_ disposable: Disposable) {
        let rejected = withState { state -> Bool in
            if state.isDisposed { return true }
            state.disposables.append(disposable)
            return false
        }
        if rejected { disposable.dispose() }
    }

    deinit {
        let all = withState { state -> [Disposable] in
            state.isDisposed = true
            return state.disposables
        }
        for disposable in all { disposable.dispose() }
    }
}

extension Disposable {
    /// Puts this disposable in `bag`.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
