import Observation

/// The state a user's `@Observable` model keeps: one stored property, observed by every subscriber of the subject
/// that stands for it. The macro writes the registrar and the accessors. A set notifies the observers registered on
/// `value` only when the new value differs from the old (the macro's `shouldNotifyObservers` compares `Equatable`
/// values), so a value sent twice in a row reaches them once. `nil` until a publish subject's first send, so
/// that its first value is a change whatever it is.
@Observable
public final class ObservedModel: @unchecked Sendable {
    public var value: Int?

    public init(value: Int?) { self.value = value }
}
