extension RACSignal {
    /// RACStream's `-scanWithStart:reduce:`: `bind` carrying the running value; emits every accumulation,
    /// not the start value.
    public func scan<State>(
        withStart start: State, reduce: @escaping (State, Value) -> State
    ) -> RACSignal<State> {
        bind {
            var running = start
            return { value, _ in
                running = reduce(running, value)
                return .return(running)
            }
        }
    }
}
