import RxBenchCore

/// What the Observation row can express: what an observer reads inside `withObservationTracking` (one property, or
/// several combined), and what it makes of the value (maps and filters, and at the end a check against the value
/// it delivered last). An app writes these inline where it reads; the row composes them once per translation.
public struct ObservedStream: Sendable {
    enum Source: Sendable {
        case property(ObservedSubject)
        /// Several properties read in one tracking closure and combined: any change wakes the observer once.
        case combined([ObservedSubject], IntCombiner)
    }

    struct Derivation: Sendable {
        /// The maps and filters in order, returning nil for a value a filter drops; nil where there are none.
        let transform: (@Sendable (Int) -> Int?)?
        /// Whether the flow ends in distinctUntilChanged: the observer skips a value equal to the one it delivered last.
        let distinct: Bool
    }

    let source: Source
    let derivation: Derivation

    init(_ source: Source, _ derivation: Derivation = Derivation(transform: nil, distinct: false)) {
        self.source = source
        self.derivation = derivation
    }

    /// Whether a new subscriber reads and delivers the current value: a publish subject's subscribers see only changes.
    var deliversCurrentValue: Bool {
        switch source {
        case .property(let subject): subject.deliversCurrentValue
        case .combined: true
        }
    }

    /// The stream with `stage` after the maps and filters so far.
    func appending(_ stage: @escaping @Sendable (Int) -> Int?) -> ObservedStream {
        guard let before = derivation.transform else { return ObservedStream(source, Derivation(transform: stage, distinct: false)) }
        return ObservedStream(source, Derivation(transform: { before($0).flatMap(stage) }, distinct: false))
    }
}
