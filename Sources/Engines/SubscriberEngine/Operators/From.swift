extension RACSignal {
    /// RAC's `sequence.signal`: the values in order, then completed; stops early once disposed.
    public static func from<S: Sequence & Sendable>(_ values: S) -> RACSignal<Value> where S.Element == Value {
        .createSignal { subscriber in
            for value in values {
                if subscriber.isDisposed { return nil }
                subscriber.sendNext(value)
            }
            subscriber.sendCompleted()
            return nil
        }
    }
}
