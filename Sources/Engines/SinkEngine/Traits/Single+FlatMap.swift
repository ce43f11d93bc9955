extension PrimitiveSequence where Trait == SingleTrait {
    /// The element selects the next `Single` (a request made from the answer of another): the observable's
    /// merging `flatMap` underneath, as RxSwift has it, so one `FlatMap` sink and one inner subscription per
    /// subscription.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
        Single(raw: source.flatMap { try selector($0).source })
    }
}
