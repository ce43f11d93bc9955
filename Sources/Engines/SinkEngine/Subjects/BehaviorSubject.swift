/// Always has a value: starts with `value`, replays the latest value to each new subscriber. After a
/// terminal event, new subscribers get only the terminal event (RxSwift's behaviour).
public final class BehaviorSubject<Element>: SubjectBase<Element> {
    public init(value: Element) {
        super.init(capacity: 1, initial: [value], replaysAfterStop: false)
    }

    /// The latest value.
    public func value() -> Element {
        withState { $0.buffer[$0.buffer.count - 1] }
    }
}
