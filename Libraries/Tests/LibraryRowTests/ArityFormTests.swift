import RxBenchKit
import Testing

#if LIBRARY_SOURCES_PRESENT
import ReactiveKit
import ReactiveKitRow
import ReactiveSwift
import ReactiveSwiftRow
import RxSwift
import RxSwiftRow
import Signals
import SignalsForkRow
import SwiftSignalKit
import SwiftSignalKitRow
#endif

/// Each row translates a two-input combineLatest as its library's users write it: in the library's arity form
/// (docs/decisions/real-libraries.md says which call, per row). Pinned by allocations: values sent alternately
/// into two publish subjects through the row's translation of `combineLatest([subject 0, subject 1])` allocate,
/// per value, exactly what the same subjects through the arity form written against the library allocate. A row
/// that fell back to the collection form fails here where that form allocates per value (ReactiveSwift's
/// `combineLatest(_:)` of an array: an array per value). Counted in an optimised build only:
/// `swift test -c release --package-path Libraries --filter ArityForm`.
@Suite("Library rows: combineLatest as the arity form", .serialized)
struct ArityFormTests {
    static let n = 256

    /// Mallocs per value of `send(count)`, by the difference of `2n` and `n` values, so that setup cancels.
    static func perValue(_ send: (Int) -> Void) -> Int { AllocationCounter.mallocsPerUnit(n: n, send) }

    /// The row's own translation, subscribed as the harness subscribes.
    static func throughRow<A: EngineAdapter>(_ adapter: A) throws -> Int {
        let subjects = [try adapter.makeSubject(.publish), try adapter.makeSubject(.publish)]
        let senders = subjects.map { adapter.sender(for: $0) }
        let stream = try adapter.stream(.combineLatest([.subject(0), .subject(1)], .sum), subjects: subjects)
        let subscription = adapter.subscribe(stream, with: adapter.nativeObserver(EventObserver(next: { _ in })))
        defer { adapter.dispose(subscription) }
        return perValue { count in
            for value in 0..<count { senders[value % 2].next(value) }
        }
    }

    /// The check each row's test makes: the row's translation allocates per value what the arity form written
    /// against the library (subscribed; `sendIntoArityForm` sends the values alternately into its two inputs) does.
    static func expectRowAllocatesAsArityForm<A: EngineAdapter>(
        _ adapter: A, sourceLocation: SourceLocation = #_sourceLocation, sendIntoArityForm: (Int) -> Void
    ) throws {
        let arityForm = perValue(sendIntoArityForm)
        let row = try throughRow(adapter)
        #expect(row == arityForm, "mallocs per value: the row \(row), the arity form \(arityForm)", sourceLocation: sourceLocation)
    }

    #if DEBUG
    /// Unoptimised, a closure or a generic call allocates per value where the release build does not, and the two
    /// forms are written with different closures: their debug counts say nothing about the library.
    static let optimised = false
    #else
    static let optimised = true
    #endif

    static let enabled = sourcesPresent && optimised && AllocationCounter.isCalibrated
    static let notChecked = "not checked: needs the library sources (scripts/libraries.sh), an optimised build "
        + "(swift test -c release --package-path Libraries) and malloc interposed in this process"

    #if LIBRARY_SOURCES_PRESENT
    @Test("rxswift: Observable.combineLatest(a, b, resultSelector:)", .enabled(if: enabled, Comment(rawValue: notChecked)))
    func rxSwift() throws {
        let a = PublishSubject<Int>(), b = PublishSubject<Int>()
        let subscription = Observable.combineLatest(a, b) { $0 &+ $1 }.subscribe(onNext: { _ in })
        defer { subscription.dispose() }
        try Self.expectRowAllocatesAsArityForm(RxSwiftAdapter()) { count in
            for value in 0..<count { (value % 2 == 0 ? a : b).onNext(value) }
        }
    }

    @Test("reactiveswift: SignalProducer.combineLatest(a, b)", .enabled(if: enabled, Comment(rawValue: notChecked)))
    func reactiveSwift() throws {
        let (a, aInput) = ReactiveSwift.Signal<Int, BenchError>.pipe()
        let (b, bInput) = ReactiveSwift.Signal<Int, BenchError>.pipe()
        let disposable = ReactiveSwift.SignalProducer.combineLatest(ReactiveSwift.SignalProducer(a), ReactiveSwift.SignalProducer(b))
            .map { (first: Int, second: Int) -> Int in first &+ second }
            .start { _ in }
        defer { disposable.dispose() }
        try Self.expectRowAllocatesAsArityForm(ReactiveSwiftAdapter()) { count in
            for value in 0..<count { (value % 2 == 0 ? aInput : bInput).send(value: value) }
        }
    }

    // `|>` is `f(x)` (Signal.swift:22), written as calls here: both copies declare the operator, and this file
    // imports both.
    @Test("swiftsignalkit: combineLatest(a, b) |> map", .enabled(if: enabled, Comment(rawValue: notChecked)))
    func swiftSignalKit() throws {
        let a = SwiftSignalKit.ValuePipe<Int>(), b = SwiftSignalKit.ValuePipe<Int>()
        let combined = SwiftSignalKit.map { $0.0 &+ $0.1 }(
            SwiftSignalKit.combineLatest(
                SwiftSignalKit.castError(BenchError.self)(a.signal()), SwiftSignalKit.castError(BenchError.self)(b.signal())))
        let disposable = combined.start(next: { _ in })
        defer { disposable.dispose() }
        try Self.expectRowAllocatesAsArityForm(SwiftSignalKitRow.SwiftSignalKitAdapter()) { count in
            for value in 0..<count { (value % 2 == 0 ? a : b).putNext(value) }
        }
    }

    @Test("signals-fork: combineLatest(a, b) |> map", .enabled(if: enabled, Comment(rawValue: notChecked)))
    func signalsFork() throws {
        let a = Signals.ValuePipe<Int>(), b = Signals.ValuePipe<Int>()
        let combined = Signals.map { $0.0 &+ $0.1 }(
            Signals.combineLatest(
                Signals.castError(BenchError.self)(a.signal()), Signals.castError(BenchError.self)(b.signal())))
        let disposable = combined.start(next: { _ in })
        defer { disposable.dispose() }
        try Self.expectRowAllocatesAsArityForm(SignalsForkRow.SwiftSignalKitAdapter()) { count in
            for value in 0..<count { (value % 2 == 0 ? a : b).putNext(value) }
        }
    }

    @Test("reactivekit: combineLatest(a, b, combine:)", .enabled(if: enabled, Comment(rawValue: notChecked)))
    func reactiveKit() throws {
        let a = PassthroughSubject<Int, BenchError>(), b = PassthroughSubject<Int, BenchError>()
        let disposable = ReactiveKit.combineLatest(a.toSignal(), b.toSignal()) { $0 &+ $1 }.observeNext { _ in }
        defer { disposable.dispose() }
        try Self.expectRowAllocatesAsArityForm(ReactiveKitAdapter()) { count in
            for value in 0..<count { (value % 2 == 0 ? a : b).send(value) }
        }
    }

    /// The check can fail: ReactiveSwift's collection form allocates per value where its arity form does not.
    @Test("reactiveswift: the collection form allocates more than the arity form", .enabled(if: enabled, Comment(rawValue: notChecked)))
    func collectionFormDiffers() throws {
        let (a, aInput) = ReactiveSwift.Signal<Int, BenchError>.pipe()
        let (b, bInput) = ReactiveSwift.Signal<Int, BenchError>.pipe()
        let disposable = ReactiveSwift.SignalProducer.combineLatest([ReactiveSwift.SignalProducer(a), ReactiveSwift.SignalProducer(b)])
            .map { (values: [Int]) -> Int in values[0] &+ values[1] }
            .start { _ in }
        defer { disposable.dispose() }
        let collectionForm = Self.perValue { count in
            for value in 0..<count { (value % 2 == 0 ? aInput : bInput).send(value: value) }
        }
        let row = try Self.throughRow(ReactiveSwiftAdapter())
        #expect(collectionForm > row, "mallocs per value: the collection form \(collectionForm), the row \(row)")
    }
    #endif
}
