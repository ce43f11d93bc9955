/// What `run` makes for one subscription: the sink, and the subscription to the stage above. The
/// `SinkDisposer` disposes both.
public struct SinkAndSubscription {
    public let sink: Disposable
    public let subscription: Disposable

    public init(sink: Disposable, subscription: Disposable) {
        self.sink = sink
        self.subscription = subscription
    }
}

/// A cold observable: subscribing calls `run(observer, cancel)`, which makes the per-subscription `Sink`.
///
/// In RxSwift every operator is a `Producer` subclass that overrides `run`. A `run` reached through the
/// vtable of a generic class is never specialised, and neither is anything it creates, so the sink it
/// builds would deliver every event through unspecialised code. Here each operator's producer subclass
/// hands its `run` to this base class as a closure, written in the subclass's initialiser, where the
/// element types are concrete once the operator function (`map`, `filter`, ...) is specialised at its
/// call site. The closure captures nothing (it receives the producer, typed as the operator's own class), so
/// storing it allocates nothing: it is a vtable entry made at the specialised call site.
open class Producer<Element> {
    public typealias Run = (Producer<Element>, AnyObserver<Element>, SinkDisposer) -> SinkAndSubscription

    /// Subscribes without a sink or a `SinkDisposer`, for sources that emit everything at once
    /// (RxSwift's `Just`, `Empty`, `Never` and `Error` override `subscribe` the same way).
    public typealias Subscribe = (Producer<Element>, AnyObserver<Element>) -> Disposable

    /// Makes the sink for one subscription and subscribes it above.
    public let run: Run
    private let sinklessSubscribe: Subscribe?

    /// `run` receives the producer as the operator's own class, so that it reads the operator's stored
    /// properties: `super.init { (parent: Map<Source, Result>, observer, cancel) in ... }`.
    @inline(__always)
    public init<Operator: Producer<Element>>(
        run: @escaping (Operator, AnyObserver<Element>, SinkDisposer) -> SinkAndSubscription
    ) {
        self.run = unsafeBitCast(OperatorRun(function: run), to: OperatorRun<Producer>.self).function
        self.sinklessSubscribe = nil
    }

    /// For sources that need no sink: `subscribe` calls `subscribe` and returns its disposable. The producer
    /// reaches `subscribe` as the operator's own class, as it reaches `run` above.
    @inline(__always)
    public init<Operator: Producer<Element>>(subscribe: @escaping (Operator, AnyObserver<Element>) -> Disposable) {
        self.run = Self.sinklessRun
        self.sinklessSubscribe = unsafeBitCast(
            OperatorSubscribe(function: subscribe), to: OperatorSubscribe<Producer>.self
        ).function
    }

    // Made outside the generic initialiser: a closure made inside it would carry `Operator` too, and where the
    // engine is not specialised (built as a dependency) capturing it allocates.
    private static var sinklessRun: Run { { _, _, _ in preconditionFailure("a sinkless producer has no run") } }

    // Every operator's one downcast: its `run` (or `subscribe`), a function of the operator's class, kept as a
    // function of `Producer`. It is called only with the producer it was handed to, which is of that class, and a
    // class reference is passed the same way whatever its static class, so the function is kept as it is. A
    // wrapping closure would allocate a context per producer; the function is cast inside a struct whose field
    // keeps its form, because a function cast on its own is first brought to the most general form, through a
    // thunk that allocates.
    private struct OperatorRun<Operator: Producer<Element>> {
        let function: (Operator, AnyObserver<Element>, SinkDisposer) -> SinkAndSubscription
    }
    private struct OperatorSubscribe<Operator: Producer<Element>> {
        let function: (Operator, AnyObserver<Element>) -> Disposable
    }

    /// Subscribes `observer`: makes a `SinkDisposer`, calls `run`, and joins the two.
    ///
    /// The outermost subscription on a thread runs inside the `CurrentThreadScheduler` trampoline, so
    /// that work the chain schedules recursively (concat, retry, feedback loops) is queued and run after
    /// `run` returns instead of growing the stack. Nested subscriptions run at once, as in RxSwift.
    public final func subscribe(_ observer: AnyObserver<Element>) -> Disposable {
        if let sinklessSubscribe {
            return sinklessSubscribe(self, observer)
        }
        #if SINK_LOCKED
        // RxSwift 6.10.2 (Observables/Producer.swift:15-30): outside the trampoline the subscription is a
        // closure handed to `CurrentThreadScheduler.schedule`, which keeps its queue in the thread dictionary.
        if !CurrentThreadScheduler.isScheduleRequired {
            return subscribeNow(observer)
        }
        return CurrentThreadScheduler.instance.scheduleSubscription { self.subscribeNow(observer) }
        #else
        let queue = CurrentThreadScheduler.queue
        if queue.isRunning {
            return subscribeNow(observer)
        }
        queue.isRunning = true
        let disposer = subscribeNow(observer)
        queue.drain()
        return disposer
        #endif
    }

    @inline(__always)
    final func subscribeNow(_ observer: AnyObserver<Element>) -> SinkDisposer {
        let disposer = SinkDisposer()
        let sinkAndSubscription = run(self, observer, disposer)
        disposer.setSinkAndSubscription(
            sink: sinkAndSubscription.sink, subscription: sinkAndSubscription.subscription)
        return disposer
    }

    /// Observable is Producer: every observable of this engine, subjects' included, is a producer.
    public final func asObservable() -> Observable<Element> { self }
}

/// The stream type users see. In this engine every observable is a `Producer`.
public typealias Observable = Producer
