/// What the producer of a one-result flow (`Flow.single`) does when subscribed.
public enum SingleProducer: Sendable {
    /// Answers `value` at once, inside the producer (a request answered from a cache; the workloads' shape).
    case success(Int)
    /// Fails with `error` at once, inside the producer.
    case failure(BenchError)
    /// A scripted producer (conformance cases): it may answer now or later, twice, or never, and returns
    /// what to do on dispose.
    case script(@Sendable (SingleReply) -> DisposeAction)
}

/// How a scripted one-result producer answers; it may call either, at most once by contract (the cases
/// that break the contract check that the first answer wins).
public struct SingleReply: Sendable {
    public let success: @Sendable (Int) -> Void
    public let failure: @Sendable (BenchError) -> Void

    public init(success: @escaping @Sendable (Int) -> Void, failure: @escaping @Sendable (BenchError) -> Void) {
        self.success = success
        self.failure = failure
    }
}

/// Builds the next one-result producer from an answer (`Flow.singleFlatMap`).
public struct SingleSelector: Sendable {
    public let name: String
    public let select: @Sendable (Int) -> SingleProducer
    /// Set when every answer is `.success(answer(value))`: the producers engines build per value are then
    /// data (no `Flow` is made or translated per value), and the floor, which has no one-result type, calls
    /// it as the function it is. Workloads use only such selectors.
    public let answer: IntTransform?

    public init(_ name: String, _ select: @escaping @Sendable (Int) -> SingleProducer) {
        self.name = name
        self.select = select
        answer = nil
    }

    private init(answering transform: IntTransform) {
        name = transform.name
        select = { .success(transform.apply($0)) }
        answer = transform
    }

    /// `{ x in Single.create { $0(.success(transform(x))) } }`: a second request answered at once.
    public static func answering(_ transform: IntTransform) -> SingleSelector {
        SingleSelector(answering: transform)
    }
}

extension BenchError {
    /// RxSwift's `RxError.noElements`: `asSingle()` of a sequence that completed without a value.
    public static let noElements = BenchError(-2)
    /// RxSwift's `RxError.moreThanOneElement`: `asSingle()` of a sequence that sent a second value.
    public static let moreThanOneElement = BenchError(-3)
}
