extension PrimitiveSequence where Trait == SingleTrait {
    /// The element transformed: the observable's `map` underneath, still a `Single` (one element in, one out).
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
        Single(raw: source.map(transform))
    }
}
