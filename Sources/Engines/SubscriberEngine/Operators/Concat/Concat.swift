extension RACSignal {
    /// RAC's `+concat:`: subscribes each signal after the previous one completed.
    ///
    /// RAC folds `-concat:` pairwise, which nests one subscription per signal on the stack when they
    /// complete synchronously; this version walks the array in a loop (see `ConcatState`), so a concat of
    /// 100,000 `return`s runs in constant stack.
    public static func concat(_ signals: [RACSignal<Value>]) -> RACSignal<Value> {
        if signals.isEmpty { return .empty }
        if signals.count == 1 { return signals[0] }
        return .createSignal { subscriber in
            let state = ConcatState(signals: signals, subscriber: subscriber)
            state.request()
            return state.current
        }
    }

    /// RAC's `-concat:`.
    public func concat(_ next: RACSignal<Value>) -> RACSignal<Value> {
        .concat([self, next])
    }
}
