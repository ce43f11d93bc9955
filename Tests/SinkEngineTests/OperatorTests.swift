import XCTest
@testable import SinkEngine
import TestSupport

final class OperatorTests: TimeLimitedTestCase {
    private var start = 0

    override func setUp() { start = LiveObjects.count }
    override func tearDown() {
        XCTAssertEqual(settledLiveObjects({ LiveObjects.current }, expecting: start), start, "live objects return to their start")
    }

    /// RxSwift 6's shape: no composeMap fusion (that is the variant `sink-fused`, docs/decisions/fidelity.md).
    func testMapAfterMapStaysTwoMapProducers() {
        let chain = Observable.just(1).map { $0 + 1 }.map { $0 * 10 }
        let map = chain as? Map<Int, Int>
        XCTAssertNotNil(map)
        XCTAssertTrue(map?.source is Map<Int, Int>, "the second map is a stage of its own")
        let recorder = Recorder<Int>()
        _ = chain.subscribe(recorder.observer)
        XCTAssertEqual(recorder.values, [20])
    }

    /// As RxSwift's subjects, a subject's subscription is its own disposable: no sink, no `SinkDisposer`.
    func testSubjectSubscriptionIsNotASinkDisposer() {
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        let subscription = subject.subscribe(recorder.observer)
        XCTAssertTrue(subscription is SubjectSubscription<Int>)
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)
        XCTAssertEqual(recorder.values, [1])
    }

    func testCreateMapFilterScan() {
        let source = Observable<Int>.create { observer in
            for value in 0..<10 { observer.onNext(value) }
            observer.onCompleted()
            observer.onNext(99)  // dropped: after the terminal event
            return Disposables.create()
        }
        let recorder = Recorder<Int>()
        _ = source.map { $0 * 2 }.filter { $0 % 4 == 0 }.scan(0, accumulator: +).subscribe(recorder.observer)
        XCTAssertEqual(recorder.values, [0, 4, 12, 24, 40])
        XCTAssertTrue(recorder.isCompleted)
    }

    func testTakeZeroCompletesWithoutSubscribingUpstream() {
        var subscribed = false
        let source = Observable<Int>.create { _ in
            subscribed = true
            return Disposables.create()
        }
        let recorder = Recorder<Int>()
        _ = source.take(0).subscribe(recorder.observer)
        XCTAssertFalse(subscribed)
        XCTAssertTrue(recorder.isCompleted)
    }

    func testTakeDisposesUpstream() {
        var disposed = false
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            return Disposables.create(with: { disposed = true })
        }
        let recorder = Recorder<Int>()
        _ = source.take(1).subscribe(recorder.observer)
        XCTAssertEqual(recorder.values, [1])
        XCTAssertTrue(recorder.isCompleted)
        XCTAssertTrue(disposed)
    }

    func testReduceEmitsTheSeedOnEmpty() {
        let recorder = Recorder<Int>()
        _ = Observable<Int>.empty().reduce(7, accumulator: +).subscribe(recorder.observer)
        XCTAssertEqual(recorder.values, [7])
    }

    func testDoOnDisposeRunsOnceAfterATerminalEvent() {
        var disposals = 0
        let subscription = Observable.just(1).do(onDispose: { disposals += 1 }).subscribe(Recorder<Int>().observer)
        subscription.dispose()
        XCTAssertEqual(disposals, 1)
    }

    func testFlatMapCompletesWhenSourceAndInnersComplete() {
        let subject = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        let subscription = subject.flatMap { _ in inner.asObservable() }.subscribe(recorder.observer)
        subject.onNext(1)
        subject.onCompleted()
        XCTAssertFalse(recorder.isCompleted)
        inner.onNext(5)
        inner.onCompleted()
        XCTAssertEqual(recorder.values, [5])
        XCTAssertTrue(recorder.isCompleted)
        subscription.dispose()
    }

    func testFlatMapLatestDropsThePreviousInner() {
        let source = PublishSubject<Int>()
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        let subscription = source.flatMapLatest { $0 == 1 ? first.asObservable() : second.asObservable() }
            .subscribe(recorder.observer)
        source.onNext(1)
        first.onNext(10)
        source.onNext(2)
        first.onNext(11)
        second.onNext(20)
        XCTAssertEqual(recorder.values, [10, 20])
        XCTAssertFalse(first.hasObservers)
        subscription.dispose()
    }

    /// An input that completes without a value ends combineLatest at the other input's next value, as
    /// RxSwift's CombineLatestSink.next does (testCombineLatest_EmptyReturn): that input can never have one.
    func testCombineLatestCompletesAtAValueOnceTheOtherInputsCompletedWithout() {
        let recorder = Recorder<Int>()
        let a = PublishSubject<Int>()
        let subscription = Observable<Int>.combineLatest(a.asObservable(), Observable<Int>.empty()) { $0 + $1 }
            .subscribe(recorder.observer)
        XCTAssertFalse(recorder.isCompleted)
        a.onNext(1)
        XCTAssertEqual(recorder.values, [])
        XCTAssertTrue(recorder.isCompleted)
        XCTAssertFalse(a.hasObservers)
        subscription.dispose()
    }

    func testCombineLatestOrderAndCollectionForm() {
        let a = PublishSubject<Int>(), b = PublishSubject<Int>(), c = PublishSubject<Int>()
        let typed = Recorder<Int>(), collection = Recorder<Int>()
        let s1 = Observable<Int>.combineLatest(a.asObservable(), b.asObservable(), c.asObservable()) {
            $0 * 100 + $1 * 10 + $2
        }.subscribe(typed.observer)
        let s2 = Observable<Int>.combineLatest([a.asObservable(), b.asObservable(), c.asObservable()]) {
            $0.reduce(0) { $0 * 10 + $1 }
        }.subscribe(collection.observer)
        a.onNext(1); b.onNext(2); c.onNext(3); a.onNext(4)
        XCTAssertEqual(typed.values, [123, 423])
        XCTAssertEqual(collection.values, [123, 423])
        s1.dispose(); s2.dispose()
    }

    /// RxSwift 6's zip completes only once every input has (ZipSink.done, testZip_AllCompleted2), also
    /// when a completed input's queue is empty and nothing can be paired again.
    func testZipCompletesOnlyOnceEveryInputCompleted() {
        let a = PublishSubject<Int>(), b = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        let subscription = Observable<Int>.zip(a.asObservable(), b.asObservable()) { $0 * 10 + $1 }
            .subscribe(recorder.observer)
        a.onNext(1); a.onNext(2); a.onCompleted()
        b.onNext(3)
        b.onNext(4)
        XCTAssertEqual(recorder.values, [13, 24])
        XCTAssertFalse(recorder.isCompleted)
        b.onNext(5)
        XCTAssertEqual(recorder.values, [13, 24])
        b.onCompleted()
        XCTAssertTrue(recorder.isCompleted)
        subscription.dispose()
    }

    /// RxSwift's collection form of zip also completes at a value that forms no tuple once every other
    /// input has completed (ZipCollectionTypeSink.on); the fixed-arity form does not.
    func testZipCollectionCompletesAtAnUnpairedValueOnceTheOthersCompleted() {
        let a = PublishSubject<Int>(), b = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        let subscription = Observable<Int>.zip([a.asObservable(), b.asObservable()]) { $0[0] * 10 + $0[1] }
            .subscribe(recorder.observer)
        a.onNext(1); a.onCompleted()
        b.onNext(3)
        XCTAssertEqual(recorder.values, [13])
        XCTAssertFalse(recorder.isCompleted)
        b.onNext(4)
        XCTAssertEqual(recorder.values, [13])
        XCTAssertTrue(recorder.isCompleted)
        subscription.dispose()
    }

    /// `from` runs on the trampoline, one element per turn (RxSwift's ObservableSequenceSink.run), so two
    /// `from`s merged interleave and a `just` beside them goes first.
    func testFromTakesOneTurnOfTheTrampolinePerElement() {
        let recorder = Recorder<Int>()
        let subscription = Observable<Int>.merge([
            Observable<Int>.from([1, 2]), Observable<Int>.from([3, 4]), Observable<Int>.just(5),
        ]).subscribe(recorder.observer)
        XCTAssertEqual(recorder.values, [5, 1, 3, 2, 4])
        XCTAssertTrue(recorder.isCompleted)
        subscription.dispose()
    }

    func testTakeUntilCompletesOnTriggerValueOnly() {
        let source = PublishSubject<Int>(), trigger = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        let subscription = source.takeUntil(trigger.asObservable()).subscribe(recorder.observer)
        source.onNext(1)
        trigger.onCompleted()
        source.onNext(2)
        XCTAssertFalse(recorder.isCompleted)
        subscription.dispose()

        let other = PublishSubject<Int>()
        let recorder2 = Recorder<Int>()
        let subscription2 = source.takeUntil(other.asObservable()).subscribe(recorder2.observer)
        other.onNext(0)
        source.onNext(3)
        XCTAssertEqual(recorder2.values, [])
        XCTAssertTrue(recorder2.isCompleted)
        subscription2.dispose()
    }

    func testCatchAndUsing() {
        var released = 0
        let recorder = Recorder<Int>()
        _ = Observable<Int>.using({ TestResource { released += 1 } }) { _ in
            Observable<Int>.error(TestError()).catch { _ in Observable.just(9) }
        }.subscribe(recorder.observer)
        XCTAssertEqual(recorder.values, [9])
        XCTAssertTrue(recorder.isCompleted)
        XCTAssertEqual(released, 1)
    }

    func testReplaySubjectReplaysTheLatestValue() {
        let subject = ReplaySubject<Int>.create(bufferSize: 1)
        subject.onNext(1)
        subject.onNext(2)
        let recorder = Recorder<Int>()
        let subscription = subject.subscribe(recorder.observer)
        subject.onNext(3)
        XCTAssertEqual(recorder.values, [2, 3])
        subscription.dispose()
        subject.onCompleted()
    }

    func testDisposeDuringDeliverySilencesTheOtherSubscriber() {
        let subject = PublishSubject<Int>()
        let second = Recorder<Int>()
        var secondSubscription: Disposable?
        let first = subject.subscribe(onNext: { _ in secondSubscription?.dispose() })
        secondSubscription = subject.subscribe(second.observer)
        subject.onNext(1)
        XCTAssertEqual(second.values, [])
        first.dispose()
        secondSubscription = nil
    }

    func testAsyncMapAndAsyncFilter() {
        let recorder = Recorder<Int>()
        _ = Observable.from([1, 2, 3, 4])
            .asyncMap { value, reply in reply(value * 10) }
            .asyncFilter { value, reply in reply(value > 15) }
            .subscribe(recorder.observer)
        XCTAssertEqual(recorder.values, [20, 30, 40])
        XCTAssertTrue(recorder.isCompleted)
    }

    func testObserveOnSerialQueueDeliversInOrder() {
        let scheduler = SerialDispatchQueueScheduler(label: "sink.test")
        let recorder = Recorder<Int>()
        let done = DispatchSemaphore(value: 0)
        let subscription = Observable.from(Array(0..<100)).observe(on: scheduler)
            .do(onCompleted: { done.signal() })
            .subscribe(recorder.observer)
        done.wait()
        XCTAssertEqual(recorder.values, Array(0..<100))
        subscription.dispose()
        scheduler.queue.sync {}
    }
}

final class TestResource: Disposable {
    private let onDispose: () -> Void
    init(_ onDispose: @escaping () -> Void) { self.onDispose = onDispose }
    func dispose() { onDispose() }
}
