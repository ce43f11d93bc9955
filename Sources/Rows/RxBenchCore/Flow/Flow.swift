import Dispatch

/// A stream of `Int` values described as data, written once and translated by every engine adapter into
/// that engine's native chain. Workloads and conformance cases are both `Flow`s, so the semantics the
/// conformance suite checks are exactly those of the chains the harness measures.
///
/// The grammar of every stream is `next* (error | completed)?`. Operator semantics follow ARCHITECTURE.md,
/// "The operator set"; where the engines' models disagree (RxSwift, SwiftSignalKit, ReactiveCocoa), the
/// case comment below states the one behaviour every engine must show.
public indirect enum Flow: Sendable {
    // MARK: Sources

    /// One value, then completed.
    case just(Int)
    /// The values in order, then completed.
    case from([Int])
    /// Completed at once.
    case empty
    /// No event, ever.
    case never
    /// The error at once.
    case fail(BenchError)
    /// The raw producer: the engine's `create` closure, running `Emitter` for each subscription.
    case create(Emitter)
    /// The factory runs once per subscription, at subscription time.
    case deferred(FlowFactory)
    /// The subject at this index of the table handed to `EngineAdapter.stream(_:subjects:)`.
    case subject(Int)

    // MARK: One input

    case map(Flow, IntTransform)
    /// Drops the values for which the transform answers `nil` (`compactMap`, `filterMap`).
    case compactMap(Flow, IntPartialTransform)
    case filter(Flow, IntPredicate)
    /// Emits every intermediate accumulation; the seed itself is not emitted.
    case scan(Flow, seed: Int, IntAccumulator)
    /// Emits the final accumulation (the seed if the source was empty) on completion, then completes.
    case reduce(Flow, seed: Int, IntAccumulator)
    /// The first `count` values, then completed (upstream disposed). `take(0)` completes at subscription
    /// without subscribing upstream, as RxSwift, SwiftSignalKit and RACStream all do.
    case take(Flow, count: Int)
    case skip(Flow, count: Int)
    case distinctUntilChanged(Flow)
    /// Drops values whose key equals the key of the value before (RxSwift's `distinctUntilChanged(_:)` with
    /// a key selector); the first value always passes.
    case distinctUntilChangedByKey(Flow, IntKey)
    /// Drops values the comparer calls equal to the value before (RxSwift's
    /// `distinctUntilChanged(_ comparer:)`); the comparer gets (previous forwarded, new).
    case distinctUntilChangedByComparer(Flow, IntEquivalence)

    // MARK: Throwing transforms (docs/decisions/throwing-operators.md)

    /// `map` whose closure may throw (RxSwift's `map` takes a `throws` closure): the first throw ends the
    /// stream with that error, upstream is disposed at once, and nothing more is delivered.
    case tryMap(Flow, ThrowingIntTransform)
    /// `filter` whose predicate may throw; a throw ends the stream as `tryMap`'s does.
    case tryFilter(Flow, ThrowingIntPredicate)
    /// `scan` whose accumulator may throw; a throw ends the stream as `tryMap`'s does.
    case tryScan(Flow, seed: Int, ThrowingIntAccumulator)
    /// `reduce` whose accumulator may throw; a throw ends the stream as `tryMap`'s does (no result is sent).
    case tryReduce(Flow, seed: Int, ThrowingIntAccumulator)
    /// `flatMap` (merge) whose selector may throw: a throw ends the stream with that error and disposes the
    /// source and every inner flow, as an inner error does.
    case tryFlatMap(Flow, ThrowingFlowSelector)
    /// `flatMapLatest` whose selector may throw: a throw ends the stream with that error and disposes the
    /// source and the current inner flow at once, as an inner error does.
    case tryFlatMapLatest(Flow, ThrowingFlowSelector)
    /// `distinctUntilChangedByKey` whose key selector may throw (RxSwift's takes a `throws` closure): the key
    /// is taken when a value arrives, the first value's too; a throw ends the stream as `tryMap`'s does.
    case tryDistinctUntilChangedByKey(Flow, ThrowingIntKey)
    /// `distinctUntilChangedByComparer` whose comparer may throw; a throw ends the stream as `tryMap`'s does.
    case tryDistinctUntilChangedByComparer(Flow, ThrowingIntEquivalence)
    /// `catchError` whose handler may throw: the handler's error ends the stream (the source has already
    /// ended with the error it was handed).
    case tryCatchError(Flow, ThrowingErrorHandler)
    /// `using` whose factories may throw (RxSwift's `using`): a throwing acquire fails at subscription with
    /// nothing to release; a throwing body fails at subscription and releases the acquired resource.
    case tryUsing(ThrowingResourceHooks, ThrowingResourceFlow)
    /// The values first, synchronously at subscription, then the source.
    case startWith(Flow, [Int])
    /// Side effects; the hooks see every event before it goes downstream, subscription before the
    /// source is subscribed, and dispose (also after a terminal event) exactly once.
    case tap(Flow, TapHooks)
    /// Whole-stream asynchronous transform: each value is handed to the transform with a one-shot reply;
    /// replies are forwarded in the order they arrive (flatMap-merge of one-time signals).
    case asyncMap(Flow, AsyncTransform)
    /// Like `asyncMap`, but the reply is a verdict and the original value is forwarded when it is `true`.
    case asyncFilter(Flow, AsyncPredicate)
    /// Resubscribes after an error until `attempts` subscriptions in total have been made.
    case retry(Flow, attempts: Int)
    /// On error, continues with the flow the handler returns for that error.
    case catchError(Flow, ErrorHandler)
    /// Subscription (and the emission it triggers) happens on the scheduler.
    case subscribeOn(Flow, SchedulerSpec)
    /// Every event is delivered on the scheduler, in order.
    case observeOn(Flow, SchedulerSpec)

    // MARK: Several inputs

    /// Completes when every input has completed; the first error terminates.
    case merge([Flow])
    /// Subscribes to each input after the previous one completed.
    case concat([Flow])
    /// Each value becomes an inner flow; all inner flows run concurrently (merge strategy).
    case flatMap(Flow, FlowSelector)
    /// Each value becomes an inner flow; a new inner flow disposes the previous one.
    case flatMapLatest(Flow, FlowSelector)
    /// Emits the combination of the latest values once every input has produced one. Completes when
    /// every input has completed, also when one completed without a value (SwiftSignalKit, RAC; RxSwift
    /// completes earlier there: docs/decisions/completion-rules.md); the first error terminates.
    case combineLatest([Flow], IntCombiner)
    /// Emits the combination of the n-th values of every input. Completes as soon as an input has
    /// completed and none of its values is left to pair (RAC's `zipWith:`; RxSwift waits for every
    /// input: docs/decisions/completion-rules.md); the first error terminates.
    case zip([Flow], IntCombiner)
    /// The source until `trigger` emits a value (then completed); a trigger error is forwarded.
    case takeUntil(Flow, trigger: Flow)
    /// A resource acquired per subscription and released when the subscription ends.
    case using(ResourceHooks, ResourceFlow)

    // MARK: One result (docs/decisions/single.md)

    /// The one-result trait's create (RxSwift's `Single.create`): the producer runs once per subscription,
    /// at subscription (cold), and answers with a value (then completed) or an error; whatever it sends
    /// after its first answer is dropped. Each engine writes it in its own idiom.
    case single(SingleProducer)
    /// `source` as the one-result trait. Where the source misbehaves the libraries disagree and each engine
    /// keeps its own library's rule (docs/decisions/single.md): RxSwift's `asSingle()` holds the value until
    /// completion and fails on a second value (`BenchError.moreThanOneElement`) or on completion without one
    /// (`BenchError.noElements`); SwiftSignalKit and RAC callers take the first value (`take(1)`), so the first
    /// value ends it and a completion without a value is a plain completion.
    case asSingle(Flow)
    /// The answer of `source` (a one-result flow) selects the next one-result flow: a request made from the
    /// answer of another (`Single.flatMap`, `mapToSignal`, `flattenMap`).
    case singleFlatMap(Flow, SingleSelector)

    // MARK: Feedback

    /// RxFeedback's `system(initialState:reduce:feedbacks:)`: the state stream starts with `initial`;
    /// each feedback sees the state stream (as `.feedbackState`) and returns mutations; mutations are
    /// merged and scanned with `reduce`. Feedback delivery goes through the trampoline, so a synchronous
    /// feedback loop does not grow the stack.
    case system(initial: Int, reduce: IntAccumulator, feedbacks: [Flow])
    /// Inside a feedback of `.system`: the replayed state stream.
    case feedbackState
}

/// What a `create` source does when subscribed.
public enum Emitter: Sendable {
    /// Emits `value` `count` times synchronously, then completes if asked to. The loop runs inside the
    /// engine's create closure, calling its native observer: this is the pump of the *Pumping workloads.
    case repeating(value: Int, count: Int, thenComplete: Bool)
    /// Emits `0..<count` in order, then completes if asked to.
    case counting(count: Int, thenComplete: Bool)
    /// A scripted producer (conformance sources): it receives an observer and returns what to do on dispose.
    case script(@Sendable (EventObserver) -> DisposeAction)
}

/// What a scripted producer runs when its subscription is disposed.
public struct DisposeAction: Sendable {
    public let run: @Sendable () -> Void
    public init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    public static let none = DisposeAction {}
}

/// Where `subscribeOn` and `observeOn` run their work.
public enum SchedulerSpec: Sendable {
    /// Run at once, on the calling thread.
    case immediate
    /// The current-thread trampoline: run at once unless already inside the trampoline, then queue.
    case trampoline
    /// A serial dispatch queue.
    case serial(DispatchQueue)
}

/// The subject flavours every engine offers (ARCHITECTURE.md, "The operator set"). They differ in what a
/// new subscriber gets first, above all once the subject has terminated; docs/decisions/completion-rules.md
/// compares them with the libraries.
public enum SubjectKind: Sendable, Equatable {
    /// Hot: delivers to current subscribers only; a subscriber that comes after the terminal event gets
    /// only that event (RxSwift's PublishSubject; SwiftSignalKit's pipes and RAC's `RACSubject` for the
    /// live events: the first have no terminal events, the second sends a late subscriber nothing).
    case publish
    /// Replays the latest value (if any, else `initial` if given) to each new subscriber, also after the
    /// terminal event, which follows the replayed value (RxSwift's ReplaySubject(bufferSize: 1),
    /// RACReplaySubject(capacity: 1); SwiftSignalKit's `Promise` while live, as it never terminates).
    case replayLast(initial: Int?)
    /// Always has a value: replays the latest value (at first `initial`) to each new subscriber while
    /// live; after the terminal event a new subscriber gets only that event (RxSwift's BehaviorSubject;
    /// SwiftSignalKit's `ValuePromise` and RAC's `RACBehaviorSubject` while live: the first never
    /// terminates, the second sends a late subscriber the last value and no terminal event).
    case behavior(initial: Int)
    /// Replays the latest `bufferSize` values (at least 1) to each new subscriber, also after the terminal
    /// event, which follows them (RxSwift's `ReplaySubject.create(bufferSize:)`, RACReplaySubject with a
    /// capacity; SwiftSignalKit has none: docs/decisions/throwing-operators.md).
    case replay(bufferSize: Int)
}

/// The one error type of the suite: engines with untyped errors carry it as `any Error`.
public struct BenchError: Error, Hashable, Sendable, CustomStringConvertible {
    public let code: Int
    public init(_ code: Int) { self.code = code }
    public var description: String { "BenchError(\(code))" }
    /// What an adapter reports when a native error is not a `BenchError` (a defect in the adapter).
    public static let foreign = BenchError(-1)
}
