/// RACSignal: a cold stream; each subscription runs the signal's work anew.
///
/// RAC has one class per kind of signal (RACDynamicSignal holding the `didSubscribe` block,
/// RACReturnSignal, RACEmptySignal, RACErrorSignal). Here they are the cases of `Kind` inside one final
/// class, so that subscribing, which the bind-derived operators do for every value, is a direct call into
/// specialised code rather than a vtable call into a generic class hierarchy.
public final class RACSignal<Value>: @unchecked Sendable {
    enum Kind {
        /// RACDynamicSignal: `createSignal`'s block, run once per subscription.
        case dynamic((PassthroughSubscriber<Value>) -> Disposable?)
        /// RACReturnSignal: one value, then completed.
        case value(Value)
        /// RACEmptySignal: completed at once.
        case empty
        /// RACErrorSignal: the error at once.
        case error(any Error)
    }

    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    /// RAC's `+createSignal:`: `didSubscribe` runs for each subscription with that subscription's
    /// subscriber and returns what to dispose when the subscription ends (or `nil`).
    public static func createSignal(
        _ didSubscribe: @escaping (PassthroughSubscriber<Value>) -> Disposable?
    ) -> RACSignal<Value> {
        RACSignal(.dynamic(didSubscribe))
    }

    /// RAC's `+return:`.
    public static func `return`(_ value: Value) -> RACSignal<Value> { RACSignal(.value(value)) }

    /// RAC's `+empty`. (RAC shares one instance; Swift has no per-specialisation stored statics.)
    public static var empty: RACSignal<Value> { RACSignal(.empty) }

    /// RAC's `+error:`.
    public static func error(_ error: any Error) -> RACSignal<Value> { RACSignal(.error(error)) }

    /// RAC's `+never`: no event, ever.
    public static var never: RACSignal<Value> { RACSignal(.dynamic { _ in nil }) }

    /// RAC's `-subscribe:`. Dynamic signals wrap `subscriber` in a passthrough subscriber guarded by the
    /// subscription's compound disposable and run `didSubscribe` on the subscription scheduler (which
    /// runs it at once, see `Scheduler.subscription`); the constant signals send to `subscriber` directly
    /// and return no disposable, as RACReturnSignal/RACEmptySignal/RACErrorSignal do.

    @discardableResult
    public func subscribe<S: Subscriber>(_ subscriber: S) -> Disposable? where S.Value == Value {
        switch kind {
        case .dynamic(let didSubscribe):
            let disposable = CompoundDisposable()
            let passthrough = PassthroughSubscriber<Value>(
                disposable: disposable,
                next: { subscriber.sendNext($0) },
                error: { subscriber.sendError($0) },
                completed: { subscriber.sendCompleted() }
            )
            subscriber.didSubscribe(with: disposable)
            disposable.add(didSubscribe(passthrough))
            return disposable
        case .value(let value):
            subscriber.sendNext(value)
            subscriber.sendCompleted()
            return nil
        case .empty:
            subscriber.sendCompleted()
            return nil
        case .error(let error):
            subscriber.sendError(error)
            return nil
        }
    }
}
