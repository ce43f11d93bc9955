import RxBenchCore

/// The operators an Observation user writes where a property is read: a derived value (map), a condition
/// (filter), and a check against the value last shown (distinctUntilChanged, at the end). Everything else a flow
/// can say is declined with the reason Observation has no such thing (docs/decisions/observation-row.md).
struct ObservationMapping: FlowMapping {
    let subjects: [ObservedSubject]

    var engineName: String { "observation" }

    func unsupported(_ operation: String) -> UnsupportedFlow {
        UnsupportedFlow(
            engine: engineName,
            operation: "\(operation): Observation has properties and their observers, no such operator")
    }

    /// A property cannot fail, so a failing source is declined here, before `fail` could be asked for it.
    func refusal(of flow: Flow) -> UnsupportedFlow? {
        if case .fail = flow { return unsupported("fail") }
        return nil
    }

    func fail(_ error: BenchError) -> ObservedStream {
        // Asked for only by the inner flows of operators this row declines before translating them.
        preconditionFailure("observation: no stream fails; \(error) was asked for by an operator that is declined")
    }

    func subject(_ index: Int) -> ObservedStream {
        ObservedStream(.property(subjects[index]))
    }

    /// Properties read together in one tracking closure, which a change of any of them wakes once. A property
    /// always has a value, so this stands for combineLatest only where each input is a behavior subject read as it
    /// is: a publish subject's combineLatest waits for a first value that a property already has.
    func combineLatest(_ sources: [ObservedStream], _ combiner: IntCombiner) throws(UnsupportedFlow) -> ObservedStream {
        var properties: [ObservedSubject] = []
        for source in sources {
            guard case .property(let subject) = source.source, source.derivation.transform == nil,
                !source.derivation.distinct, subject.deliversCurrentValue
            else {
                throw UnsupportedFlow(
                    engine: engineName,
                    operation: "combineLatest of anything but behavior subjects: an observer reads properties "
                        + "together, and a property always has a value")
            }
            properties.append(subject)
        }
        return ObservedStream(.combined(properties, combiner))
    }

    func map(_ source: ObservedStream, _ transform: IntTransform) throws(UnsupportedFlow) -> ObservedStream {
        try afterDistinctRefused(source, "map")
        let apply = transform.function
        return source.appending { apply($0) }
    }

    func filter(_ source: ObservedStream, _ predicate: IntPredicate) throws(UnsupportedFlow) -> ObservedStream {
        try afterDistinctRefused(source, "filter")
        let test = predicate.function
        return source.appending { test($0) ? $0 : nil }
    }

    func distinctUntilChanged(_ source: ObservedStream) throws(UnsupportedFlow) -> ObservedStream {
        try afterDistinctRefused(source, "distinctUntilChanged")
        return ObservedStream(source.source, .init(transform: source.derivation.transform, distinct: true))
    }

    /// The observer compares with the value it delivered last, so the comparison is the last thing it does.
    private func afterDistinctRefused(_ source: ObservedStream, _ operation: String) throws(UnsupportedFlow) {
        if source.derivation.distinct {
            throw UnsupportedFlow(
                engine: engineName,
                operation: "\(operation) after distinctUntilChanged: an observer compares the value it derives "
                    + "with the one it showed last, as the last step of reading the property")
        }
    }
}
