import Synchronization

/// Factories for the common disposables.
public enum Disposables {
    /// A disposable that does nothing; shared, so it allocates nothing.
    public static func create() -> Disposable { NopDisposable.instance }

    /// Runs `action` once, on the first `dispose()`.
    public static func create(with action: @escaping () -> Void) -> Cancelable {
        AnonymousDisposable(action)
    }

    /// Disposes both, once.
    public static func create(_ first: Disposable, _ second: Disposable) -> Cancelable {
        BinaryDisposable(first, second)
    }
}

/// Does nothing.
final class NopDisposable: Disposable {
    static let instance = NopDisposable()
    func dispose() {}
}

/// Runs its action on the first `dispose()`, from whichever thread gets there first.
final class AnonymousDisposable: Cancelable {
    // Guards `action`: the thread that flips it from false runs and releases the action.
    private let disposed = AtomicInt<Bool>(false)
    private var action: (() -> Void)?

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    func dispose() {
        if disposed.exchange(true, ordering: .acquiringAndReleasing) { return }
        let action = self.action.take()
        action?()
    }
}

/// Disposes two disposables once.
final class BinaryDisposable: Cancelable {
    // Guards `first` and `second`: the thread that flips it from false disposes and releases them.
    private let disposed = AtomicInt<Bool>(false)
    private var first: Disposable?
    private var second: Disposable?

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(_ first: Disposable, _ second: Disposable) {
        self.first = first
        self.second = second
    }

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    func dispose() {
        if disposed.exchange(true, ordering: .acquiringAndReleasing) { return }
        let first = self.first.take()
        let second = self.second.take()
        first?.dispose()
        second?.dispose()
    }
}
