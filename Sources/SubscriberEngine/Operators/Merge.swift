extension Signal {
    /// RAC's `+merge:`: a signal sending each input, flattened, so every input runs at once; completes
    /// when all have completed, and the first error ends everything.
    public static func merge(_ signals: [Signal<Value>]) -> Signal<Value> {
        if signals.isEmpty { return .empty }
        return Signal<Signal<Value>>.from(signals).flatten()
    }

    /// RAC's `-merge:`.
    public func merge(_ other: Signal<Value>) -> Signal<Value> { .merge([self, other]) }
}
