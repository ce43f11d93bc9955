import Synchronization

/// Holds one disposable, set once; if it is disposed before the disposable arrives, the disposable is
/// disposed on arrival. Same two-bit hand-over as `SinkDisposer`.
public final class SingleAssignmentDisposable: Cancelable {
    private enum Bits {
        static let disposed = 1
        static let set = 2
    }

    // Guards the hand-over of `current` between `setDisposable` and `dispose()`.
    private let state = AtomicInt<Int>(0)
    private var current: Disposable?

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    public init() {}

    public var isDisposed: Bool { state.load(ordering: .acquiring) & Bits.disposed != 0 }

    public func setDisposable(_ disposable: Disposable) {
        current = disposable
        let previous = state.bitwiseOr(Bits.set, ordering: .acquiringAndReleasing).oldValue
        precondition(previous & Bits.set == 0, "SingleAssignmentDisposable set twice")
        if previous & Bits.disposed != 0 {
            current = nil
            disposable.dispose()
        }
    }

    public func dispose() {
        let previous = state.bitwiseOr(Bits.disposed, ordering: .acquiringAndReleasing).oldValue
        if previous & Bits.disposed != 0 { return }
        if previous & Bits.set != 0 {
            current.take()?.dispose()
        }
    }
}
