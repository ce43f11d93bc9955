import Foundation
import RxBenchCore

/// Swift concurrency as people write it today, behind the harness's `EngineAdapter`, written against
/// rxbench's public API only: `AsyncThrowingStream` for `create`, the row's `Subject` for subjects
/// (`StreamSubject`: a continuation per subscriber; `ChannelSubject`: swift-async-algorithms' back-pressured
/// channel per subscriber), the standard library's `map`/`filter`/`compactMap`/`prefix`/`dropFirst`/`flatMap`, and
/// swift-async-algorithms' `reductions`, `removeDuplicates` and `chain`. Subscribing starts a `Task` that
/// consumes with `for try await`; disposing is `task.cancel()`. A flow that ends in `observeOn(serial queue)` is
/// consumed by a task whose executor is that queue (`QueueExecutor`), as a main-actor task consumes on the main
/// queue.
///
/// The consuming tasks prefer `CallerExecutor`, which runs each job on the thread that enqueued it, so
/// that every event is delivered before the sender returns, as the engines' immediate scheduler does (the
/// harness and the marble cases rely on that). What this leaves out (the hop to a pool thread) and the
/// operators it cannot express are argued in docs/decisions/real-libraries.md.
public struct AsyncSequenceAdapter<Subject: AsyncRowSubject>: EngineAdapter {
    public typealias Stream = IntSequence
    public typealias Subscription = Task<Void, Never>
    /// The three closures a consuming task calls, taken once per run (what a user's `for await` loop captures).
    /// `@unchecked`: they are the harness's `EventObserver`'s, made from `@Sendable` closures.
    public struct Observer: @unchecked Sendable {
        let next: (Int) -> Void
        let error: (BenchError) -> Void
        let completed: () -> Void
    }

    public init() {}

    public var descriptor: EngineDescriptor { Subject.descriptor }

    public func stream(_ flow: Flow, subjects: [Subject]) throws(UnsupportedFlow) -> IntSequence {
        // A flow that ends in observeOn(serial queue) is its source consumed by a task on that queue: the
        // `for await` loop of a main-actor task, the one place Swift concurrency says where values arrive.
        if case .observeOn(let source, .serial(let queue)) = flow {
            var stream = try self.stream(source, subjects: subjects)
            stream.delivery = .onQueue(queue)
            return stream
        }
        var stream = try StreamMapping<Subject>(subjects: subjects).stream(for: flow)
        stream.delivery = flow.contains { $0.iteratesInputsInATask } ? .fromPool : .immediate
        return stream
    }

    /// swift-async-algorithms' merge, combineLatest and zip iterate their inputs in an unstructured `Task`,
    /// which does not inherit the consumer's executor preference: their events reach the consumer from a pool
    /// thread, after the call that caused them has returned.
    public func deliversAsynchronously(_ stream: IntSequence) -> Bool { stream.deliversAsynchronously }

    /// `await task.value`, bridged for the synchronous harness: a task on `CallerExecutor` awaits the consumer
    /// and signals when it has returned (at once where it already has).
    public var waitUntilStopped: ((Task<Void, Never>) -> Void)? {
        { consumer in
            let stopped = DispatchSemaphore(value: 0)
            Task(executorPreference: CallerExecutor.shared) {
                await consumer.value
                stopped.signal()
            }
            stopped.wait()
        }
    }

    public func nativeObserver(_ observer: EventObserver) -> Observer {
        // The consuming loop is plain Swift, as a user's `for await` body is: it calls `next` as plain Swift calls
        // it (EventObserverOf's header).
        Observer(next: observer.nextInPlainForm, error: observer.error, completed: observer.completed)
    }

    public func subscribe(_ stream: IntSequence, with observer: Observer) -> Task<Void, Never> {
        guard let queue = stream.consumerQueue else {
            // The task keeps what makes the iterator, not the erased sequence's other fields.
            let makeIterator = stream.make
            return Task(executorPreference: CallerExecutor.shared) {
                var values = makeIterator()
                await Self.consume(&values, observer)
            }
        }
        // The stream is made here, before the task first runs on its queue, as a user makes it
        // (`AsyncStream.makeStream`) before handing it to the consuming task: from now on it buffers.
        nonisolated(unsafe) var values = stream.makeAsyncIterator()
        return Task(executorPreference: QueueExecutor(queue)) {
            await Self.consume(&values, observer)
        }
    }

    /// The consuming task's `for try await` loop, written out so that an iterator made before the task can be
    /// consumed by it.
    @inline(__always)
    private static func consume(_ values: inout IntIterator, _ observer: Observer) async {
        do {
            while let value = try await values.next() {
                // A cancelled task's stream still hands out what it had buffered: stop at once instead.
                if Task.isCancelled { return }
                observer.next(value)
            }
            if !Task.isCancelled { observer.completed() }
        } catch {
            if !Task.isCancelled { observer.error(error as? BenchError ?? .foreign) }
        }
    }

    public func dispose(_ subscription: Task<Void, Never>) {
        CallerExecutor.shared.cancel(subscription)
    }

    public func makeSubject(_ kind: SubjectKind) -> Subject {
        Subject(kind)
    }

    public func sender(for subject: Subject) -> SubjectSender {
        SubjectSender(
            next: { subject.send($0) }, error: { subject.fail($0) }, completed: { subject.finish() })
    }
}

/// `AsyncStream`'s row: a continuation per subscriber, unbounded.
public typealias AsyncStreamAdapter = AsyncSequenceAdapter<StreamSubject>

/// swift-async-algorithms' `AsyncChannel` row: a send waits until every subscriber has taken the value.
public typealias AsyncChannelAdapter = AsyncSequenceAdapter<ChannelSubject>

/// A task executor that runs each job at once on the thread that enqueues it: a task resumed by
/// `continuation.yield` runs inside `yield`, a task cancelled by `cancel(_:)` finishes inside it.
public final class CallerExecutor: TaskExecutor, @unchecked Sendable {
    public static let shared = CallerExecutor()

    public func enqueue(_ job: consuming ExecutorJob) {
        if let deferred = Deferred.current {
            deferred.jobs.append(UnownedJob(job))
        } else {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// `task.cancel()`, then the jobs it made runnable. The runtime runs cancellation handlers (which
    /// resume the task's awaited continuation) while it holds the task's status lock: the resumed task
    /// must not run before `cancel()` has returned.
    public func cancel(_ task: Task<Void, Never>) {
        let deferred = Deferred()
        let outer = Deferred.current
        Deferred.current = deferred
        task.cancel()
        Deferred.current = outer
        for job in deferred.jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}

/// Jobs enqueued on this thread while a `cancel()` runs.
private final class Deferred {
    var jobs: [UnownedJob] = []

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Unretained: the `cancel(_:)` frame that set it keeps it alive.
    static var current: Deferred? {
        get { pthread_getspecific(key).map { Unmanaged<Deferred>.fromOpaque($0).takeUnretainedValue() } }
        set { pthread_setspecific(key, newValue.map { Unmanaged.passUnretained($0).toOpaque() }) }
    }
}

extension Flow {
    /// The operators swift-async-algorithms runs in a `Task` of their own.
    fileprivate var iteratesInputsInATask: Bool {
        switch self {
        case .merge, .combineLatest, .zip: true
        case .system(_, _, let feedbacks): feedbacks.count > 1
        default: false
        }
    }
}
