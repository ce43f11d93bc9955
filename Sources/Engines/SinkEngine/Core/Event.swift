/// What an observer receives. The grammar of a sequence is `next* (error | completed)?`.
public enum Event<Element> {
    case next(Element)
    case error(Swift.Error)
    case completed

    /// `true` for `.error` and `.completed`: nothing may follow it.
    public var isStopEvent: Bool {
        if case .next = self { return false }
        return true
    }
}
