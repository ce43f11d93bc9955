/// The subscriber list and terminal event a subject keeps under its lock: RACSubject's, which RAC's
/// behaviour and replay subjects inherit as its subclasses. Here each subject is a final class (for
/// specialisation) whose guarded state holds one of these; what the three do to it is written once here.
struct SubjectSubscribers<Value> {
    enum Terminal {
        case completed
        case error(any Error)

        @inline(__always)
        func send(to subscriber: PassthroughSubscriber<Value>) {
            switch self {
            case .completed: subscriber.sendCompleted()
            case .error(let error): subscriber.sendError(error)
            }
        }
    }

    private(set) var list: [PassthroughSubscriber<Value>] = []
    private(set) var terminal: Terminal?

    /// Joins `subscriber` unless the subject has terminated; returns the terminal event if it has.
    @inline(__always)
    mutating func add(_ subscriber: PassthroughSubscriber<Value>) -> Terminal? {
        if let terminal { return terminal }
        list.append(subscriber)
        return nil
    }

    /// Takes `subscriber` out; the caller releases it after unlocking.
    @inline(__always)
    mutating func remove(_ subscriber: PassthroughSubscriber<Value>) -> PassthroughSubscriber<Value>? {
        guard let index = list.firstIndex(where: { $0 === subscriber }) else { return nil }
        return list.remove(at: index)
    }

    /// Records the terminal event; returns the subscribers to send it to, none if the subject had terminated.
    @inline(__always)
    mutating func terminate(_ terminal: Terminal) -> [PassthroughSubscriber<Value>] {
        if self.terminal != nil { return [] }
        self.terminal = terminal
        defer { list = [] }
        return list
    }
}
