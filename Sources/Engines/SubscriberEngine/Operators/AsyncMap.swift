extension RACSignal {
    /// A signal whose subscriber completes itself after its first value.
    public static func oneTime(_ start: @escaping (OneTimeSubscriber<Value>) -> Void) -> RACSignal<Value> {
        .createSignal { subscriber in
            start(OneTimeSubscriber(subscriber))
            return nil
        }
    }

    /// st_asyncMap: `flattenMap` into a one-time signal; `transform` answers through `reply`, now or
    /// later, from any thread. Answers are forwarded in the order they arrive.
    public func asyncMap<Result>(
        _ transform: @escaping (Value, _ reply: @escaping (Result) -> Void) -> Void
    ) -> RACSignal<Result> {
        flattenMap { value in
            RACSignal<Result>.oneTime { once in transform(value) { once.sendNext($0) } }
        }
    }

    /// `asyncMap` written with `take(1)` instead of a one-time subscriber: the answer signal is an
    /// ordinary `createSignal` and `take(1)` (a bind stage) ends it after the first value. Kept as public
    /// API so the two mechanisms can be measured against each other.
    public func asyncMapUsingTake<Result>(
        _ transform: @escaping (Value, _ reply: @escaping (Result) -> Void) -> Void
    ) -> RACSignal<Result> {
        flattenMap { value in
            RACSignal<Result>.createSignal { subscriber in
                transform(value) { subscriber.sendNext($0) }
                return nil
            }.take(1)
        }
    }
}
