extension RACSignal {
    /// st_asyncFilter: `flattenMap` into a one-time signal sending `value` when the verdict is `true`
    /// and only completing when it is `false`.
    public func asyncFilter(
        _ predicate: @escaping (Value, _ reply: @escaping (Bool) -> Void) -> Void
    ) -> RACSignal<Value> {
        flattenMap { value in
            RACSignal<Value>.oneTime { once in
                predicate(value) { keep in
                    if keep { once.sendNext(value) } else { once.sendCompleted() }
                }
            }
        }
    }

    /// `asyncFilter` with `take(1)`: a `false` verdict must still end the answer signal, so it sends
    /// completed itself.
    public func asyncFilterUsingTake(
        _ predicate: @escaping (Value, _ reply: @escaping (Bool) -> Void) -> Void
    ) -> RACSignal<Value> {
        flattenMap { value in
            RACSignal<Value>.createSignal { subscriber in
                predicate(value) { keep in
                    if keep { subscriber.sendNext(value) } else { subscriber.sendCompleted() }
                }
                return nil
            }.take(1)
        }
    }
}
