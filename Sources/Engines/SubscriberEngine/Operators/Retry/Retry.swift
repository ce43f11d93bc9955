extension RACSignal {
    /// RAC's `-retry:`: on error, resubscribes up to `retryCount` times (so `retryCount + 1` subscriptions
    /// in all), then forwards the error. Like `concat`, resubscription runs in a loop, not on the stack.
    public func retry(_ retryCount: Int) -> RACSignal<Value> {
        let source = self
        return .createSignal { subscriber in
            let state = RetryState(source: source, retries: max(retryCount, 0), subscriber: subscriber)
            state.request()
            return state.current
        }
    }

    /// RAC's `-retry`: resubscribes after every error.
    public func retry() -> RACSignal<Value> { retry(Int.max) }
}
