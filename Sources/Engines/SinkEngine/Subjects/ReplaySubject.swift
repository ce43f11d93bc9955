/// Replays the latest `bufferSize` values to each new subscriber, then delivers live; after a terminal
/// event, new subscribers get the buffer and then the terminal event.
public final class ReplaySubject<Element>: SubjectBase<Element> {
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        precondition(bufferSize > 0, "bufferSize must be positive")
        return ReplaySubject(bufferSize: bufferSize)
    }

    private init(bufferSize: Int) {
        super.init(capacity: bufferSize, initial: [], replaysAfterStop: true)
    }
}
