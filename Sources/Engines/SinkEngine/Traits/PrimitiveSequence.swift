/// RxSwift's traits: an `Observable` wrapped in a struct whose `Trait` parameter says what the sequence
/// promises, so that only the operators that keep the promise are offered. Wrapping costs nothing at run
/// time: every trait operator is the observable operator underneath.
public struct PrimitiveSequence<Trait, Element> {
    let source: Observable<Element>

    /// Internal, as in RxSwift: a trait is made only by operators that keep its promise (`create`,
    /// `asSingle()`, `map`, `flatMap`), never by wrapping an arbitrary observable.
    init(raw source: Observable<Element>) {
        self.source = source
    }

    /// The underlying sequence (for a `Single`: `.next(element), .completed` or `.error`).
    public func asObservable() -> Observable<Element> {
        source
    }
}

/// Exactly one element, or an error.
public enum SingleTrait {}

/// A push-style sequence of exactly one element or an error (RxSwift's `Single`).
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// What a `Single` delivers: `.success(element)` or `.failure(error)` (RxSwift 6 uses `Result` itself).
public typealias SingleEvent<Element> = Result<Element, Swift.Error>
