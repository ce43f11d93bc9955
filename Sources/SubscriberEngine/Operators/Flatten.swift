extension Signal {
    /// RAC's `-flatten`: a signal of signals merged (`flattenMap` of the identity).
    public func flatten<Inner>() -> Signal<Inner> where Value == Signal<Inner> {
        flattenMap { $0 }
    }
}
