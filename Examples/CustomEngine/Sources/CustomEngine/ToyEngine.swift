import Foundation
import RxBenchKit

/// A toy push engine, the smallest thing that deserves the name: a stream is a function from an observer
/// to a cancel closure. Stands in for your library (RxSwift, ReactiveSwift, ...).
struct ToyStream {
    let subscribe: (ToyObserver) -> ToyCancel
}

/// The observer's three callbacks. `terminated` stops delivery after a terminal event or a cancel. Sendable:
/// `terminated` is guarded by `lock`, and the callbacks are set once, at creation.
final class ToyObserver: @unchecked Sendable {
    private let lock = NSLock()
    private var terminated = false
    private let onNext: (Int) -> Void
    private let onEnd: (Error?) -> Void

    init(next: @escaping (Int) -> Void, end: @escaping (Error?) -> Void) {
        onNext = next
        onEnd = end
    }

    var isTerminated: Bool { lock.withLock { terminated } }

    func next(_ value: Int) { if !isTerminated { onNext(value) } }

    func end(_ error: Error?) {
        let first = lock.withLock { () -> Bool in
            defer { terminated = true }
            return !terminated
        }
        if first { onEnd(error) }
    }

    func stop() { lock.withLock { terminated = true } }
}

/// Runs its action once.
final class ToyCancel {
    private let lock = NSLock()
    private var action: (() -> Void)?
    init(_ action: (() -> Void)? = nil) { self.action = action }
    func cancel() {
        let action = lock.withLock { () -> (() -> Void)? in
            defer { self.action = nil }
            return self.action
        }
        action?()
    }
}

extension ToyStream {
    static func from(_ values: [Int]) -> ToyStream {
        ToyStream { observer in
            for value in values where !observer.isTerminated { observer.next(value) }
            observer.end(nil)
            return ToyCancel()
        }
    }

    static func fail(_ error: Error) -> ToyStream {
        ToyStream { observer in observer.end(error); return ToyCancel() }
    }

    static var never: ToyStream { ToyStream { _ in ToyCancel() } }

    func map(_ transform: @escaping (Int) -> Int) -> ToyStream {
        ToyStream { observer in
            let inner = ToyObserver(next: { observer.next(transform($0)) }, end: { observer.end($0) })
            let cancel = self.subscribe(inner)
            return ToyCancel { inner.stop(); cancel.cancel() }
        }
    }

    func filter(_ predicate: @escaping (Int) -> Bool) -> ToyStream {
        ToyStream { observer in
            let inner = ToyObserver(next: { if predicate($0) { observer.next($0) } }, end: { observer.end($0) })
            let cancel = self.subscribe(inner)
            return ToyCancel { inner.stop(); cancel.cancel() }
        }
    }
}

/// A publish subject: the current observers, each with its id. It only keeps the kind it was asked for, so
/// that the adapter can refuse the replaying kinds it does not implement rather than run them as publish.
final class ToySubject {
    let kind: SubjectKind
    private let lock = NSLock()
    private var observers: [(id: Int, observer: ToyObserver)] = []
    private var nextID = 0
    private var ended: Error??

    init(kind: SubjectKind) { self.kind = kind }

    var stream: ToyStream {
        ToyStream { observer in
            let id: Int? = self.lock.withLock {
                guard self.ended == nil else { return nil }
                self.nextID += 1
                self.observers.append((self.nextID, observer))
                return self.nextID
            }
            guard let id else {
                observer.end(self.lock.withLock { self.ended } ?? nil)
                return ToyCancel()
            }
            return ToyCancel { [weak self] in
                observer.stop()
                self?.lock.withLock { self?.observers.removeAll { $0.id == id } }
            }
        }
    }

    func send(_ value: Int) { for entry in lock.withLock({ observers }) { entry.observer.next(value) } }

    func end(_ error: Error?) {
        let current = lock.withLock { () -> [(id: Int, observer: ToyObserver)] in
            guard ended == nil else { return [] }
            ended = .some(error)
            defer { observers = [] }
            return observers
        }
        for entry in current { entry.observer.end(error) }
    }
}
