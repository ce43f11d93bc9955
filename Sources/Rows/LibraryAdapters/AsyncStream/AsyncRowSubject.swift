import RxBenchCore

/// What tells the Swift-concurrency rows apart: the subject, that is, how a value sent from synchronous code
/// reaches each subscriber's `for await` loop. The operators (`StreamMapping`), the consuming task and its
/// cancellation (`AsyncSequenceAdapter`) are the same for every such row.
public protocol AsyncRowSubject: AnyObject, Sendable {
    /// The row this subject makes: its id and what it stands for.
    static var descriptor: EngineDescriptor { get }

    init(_ kind: SubjectKind)

    /// Set for a kind this row has no subject for: the translator declines flows over it with this reason.
    var unavailable: String? { get }

    /// The subject as a sequence: each iterator made of it is a new subscriber, subscribed when the consuming
    /// task makes it. The subject makes it itself, as `IntSequence { [self] in ... }`, so that the closure's
    /// context is the subject alone; a closure formed in the generic mapping would carry the subject's type as
    /// well, in a context allocated per subscription (one malloc more per lifecycle, measured).
    var values: IntSequence { get }

    func send(_ value: Int)
    func fail(_ error: BenchError)
    func finish()
}
