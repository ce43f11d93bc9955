extension RACSignal {
    /// RAC's `-flatten`: a signal of signals merged (`flattenMap` of the identity).
    public func flatten<Inner>() -> RACSignal<Inner> where Value == RACSignal<Inner> {
        flattenMap { $0 }
    }
}
