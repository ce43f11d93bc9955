import Synchronization

/// A queued action; disposing it before it runs cancels it.
final class ScheduledItem: Cancelable {
    private let action: (() -> Void)?
    private let step: (() -> Bool)?
    // Guards nothing but itself: set by `dispose()` from any thread, read before the action runs.
    private let disposed = Atomic<Bool>(false)

    init(_ action: @escaping () -> Void) {
        self.action = action
        self.step = nil
    }

    /// An item that runs `step` once per turn of the trampoline and is queued again, behind what is
    /// queued by then, for as long as `step` returns `true`: RxSwift's `scheduleRecursive` on
    /// `CurrentThreadScheduler`, which allocates a scheduled item per turn, with one allocation in all.
    init(repeating step: @escaping () -> Bool) {
        self.action = nil
        self.step = step
    }

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Runs the action unless the item is disposed; `true` when it wants another turn.
    @discardableResult
    func invoke() -> Bool {
        if isDisposed { return false }
        if let step { return step() }
        action?()
        return false
    }

    func dispose() {
        disposed.store(true, ordering: .releasing)
    }
}
