/// Per-subscription mutable state of a one-input operator (scan's accumulator, take's count, ...).
/// Unsynchronised on purpose (and without dynamic exclusivity checks, which would cost a runtime call
/// per event): the grammar makes events to one subscriber sequential, and only the
/// stage's own handlers touch it.
final class StageState<Value>: @unchecked Sendable {
    var value: Value

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(_ value: Value) {
        self.value = value
    }
}
