import Foundation
import OpenCombineShim
import RxBenchCore

/// `.create(.script)` for conformance sources: Combine has no `create`, so this is the small publisher a
/// Combine user writes (as CombineExt's `AnyPublisher.create` does): the script pushes events; values wait in
/// a buffer while downstream demand is zero; cancel runs the script's dispose action once.
struct ScriptPublisher: Publisher {
    typealias Output = Int
    typealias Failure = BenchError

    let script: @Sendable (EventObserver) -> DisposeAction

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == BenchError {
        let subscription = ScriptSubscription(downstream: subscriber)
        subscriber.receive(subscription: subscription)
        subscription.start(script)
    }
}

/// Lock, change the state, unlock, and only then call out.
private final class ScriptSubscription<Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Input == Int, Downstream.Failure == BenchError {
    private let lock = NSRecursiveLock()
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var buffer: [Int] = []
    private var pendingCompletion: Subscribers.Completion<BenchError>?
    private var terminated = false
    private var disposeAction: DisposeAction?
    private var cancelled = false

    init(downstream: Downstream) { self.downstream = downstream }

    func start(_ script: @Sendable (EventObserver) -> DisposeAction) {
        let action = script(
            EventObserver(
                next: { [weak self] in self?.send($0) },
                error: { [weak self] in self?.finish(.failure($0)) },
                completed: { [weak self] in self?.finish(.finished) }))
        lock.lock()
        let runNow = cancelled || terminated && buffer.isEmpty && pendingCompletion == nil
        if !runNow { disposeAction = action }
        lock.unlock()
        if runNow { action.run() }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        self.demand += demand
        lock.unlock()
        drain()
    }

    func cancel() {
        lock.lock()
        cancelled = true
        downstream = nil
        buffer.removeAll()
        let action = disposeAction
        disposeAction = nil
        lock.unlock()
        action?.run()
    }

    private func send(_ value: Int) {
        lock.lock()
        guard !terminated, !cancelled else { return lock.unlock() }
        buffer.append(value)
        lock.unlock()
        drain()
    }

    private func finish(_ completion: Subscribers.Completion<BenchError>) {
        lock.lock()
        guard !terminated, !cancelled else { return lock.unlock() }
        terminated = true
        pendingCompletion = completion
        lock.unlock()
        drain()
    }

    /// Delivers buffered values while there is demand, then a pending completion once the buffer is empty.
    private func drain() {
        while true {
            lock.lock()
            guard let downstream, !cancelled else { return lock.unlock() }
            if !buffer.isEmpty, demand > 0 {
                let value = buffer.removeFirst()
                demand -= 1
                lock.unlock()
                let more = downstream.receive(value)
                lock.lock()
                demand += more
                lock.unlock()
                continue
            }
            guard buffer.isEmpty, let completion = pendingCompletion else { return lock.unlock() }
            pendingCompletion = nil
            self.downstream = nil
            let action = disposeAction
            disposeAction = nil
            lock.unlock()
            downstream.receive(completion: completion)
            action?.run()
            return
        }
    }
}
