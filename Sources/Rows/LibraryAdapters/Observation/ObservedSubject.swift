/// A subject of the Observation row: a model's property, and whether a new subscriber reads its current value
/// first (a behavior subject) or sees only the changes after it subscribed (a publish subject).
public final class ObservedSubject: Sendable {
    public let model: ObservedModel
    public let deliversCurrentValue: Bool

    init(model: ObservedModel, deliversCurrentValue: Bool) {
        self.model = model
        self.deliversCurrentValue = deliversCurrentValue
    }

    /// Stores the value, then lets every observer whose `onChange` fired read it (`ChangesToRead`).
    public func send(_ value: Int) {
        ChangesToRead.afterChange { model.value = value }
    }
}
