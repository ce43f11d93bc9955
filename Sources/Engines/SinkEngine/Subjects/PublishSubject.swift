/// Hot: delivers to the observers subscribed at the time of each event. A late subscriber to a
/// terminated subject receives the terminal event.
public final class PublishSubject<Element>: SubjectBase<Element> {
    public init() {
        super.init(capacity: 0, initial: [], replaysAfterStop: false)
    }
}
