import Conformance
import RxBenchCore
import SinkAdapter
import Testing

/// The conformance runner against rows that behave as real libraries do at the edges of the adapter API: a
/// subject that ends its stream when released (a ReactiveSwift pipe), a subject kind the library lacks, a
/// subject without terminal events (a SwiftSignalKit pipe), and ReactiveSwift's `interrupted`.
@Suite("Conformance runner: subject lifetime, refusals, interruptions")
struct RunnerLifetimeTests {
    /// A publish subject seen once at 300, disposed at 1000 by the case.
    static let oneValue = ConformanceCase(
        "publish subject, one value", subjects: [.publish], feeds: [SubjectFeed(0, .next(300, 1))],
        expected: [.next(300, 1)]
    ) { _ in .subject(0) }

    @Test("a subject lives until the case has ended, also where releasing it ends its stream")
    func subjectLivesUntilTheEnd() {
        // On the old runner the subject table was released after the flow was translated, and an optimised
        // build then completed the stream at once (ReactiveSwift's pipe: `interrupted`).
        let outcome = run(Self.oneValue, on: EdgeRow(edge: .completesWhenReleased))
        #expect(differences(of: outcome, from: Self.oneValue) == [])
    }

    @Test("a subject kind the row has no subject for is declined with the row's reason")
    func refusedSubjectKind() {
        let outcome = run(Self.oneValue, on: EdgeRow(edge: .refusesSubjects))
        #expect(outcome.unsupported == "edge does not support publish subject: no such subject")
        #expect(outcome.events == [])
    }

    @Test("a subject without terminal events: a case that ends it is declined, one that does not runs")
    func subjectWithoutTerminalEvents() {
        let ending = ConformanceCase(
            "publish subject, completed", subjects: [.publish],
            feeds: [SubjectFeed(0, .next(300, 1)), SubjectFeed(0, .completed(400))],
            expected: [.next(300, 1), .completed(400)]
        ) { _ in .subject(0) }
        let row = EdgeRow(edge: .noTerminalEvents)
        #expect(run(ending, on: row).unsupported == "edge does not support completing a subject: pipes never end")
        #expect(differences(of: run(Self.oneValue, on: row), from: Self.oneValue) == [])
    }

    @Test("an interruption before the case disposes is a difference; the acknowledgement of its dispose is not")
    func interruptions() {
        let early = run(Self.oneValue, on: EdgeRow(edge: .interruptsAfterValue))
        #expect(early.interruptions == [300])
        #expect(differences(of: early, from: Self.oneValue) == [
            "interrupted at [300] before the case disposed (no terminal event)"
        ])
        let acknowledged = run(Self.oneValue, on: EdgeRow(edge: .interruptsOnDispose))
        #expect(acknowledged.interruptions == [])
        #expect(differences(of: acknowledged, from: Self.oneValue) == [])
    }
}

/// The `sink` engine with one edge of a real library added.
private struct EdgeRow: EngineAdapter {
    enum Edge { case completesWhenReleased, refusesSubjects, noTerminalEvents, interruptsAfterValue, interruptsOnDispose }
    let edge: Edge
    let base = SinkAdapter()

    /// Sends `completed` into its subject when released, as a ReactiveSwift pipe is interrupted.
    final class Subject: @unchecked Sendable {
        let inner: SinkAdapter.Subject
        let innerSender: SubjectSender
        let edge: Edge
        init(inner: SinkAdapter.Subject, sender: SubjectSender, edge: Edge) {
            self.inner = inner
            self.innerSender = sender
            self.edge = edge
        }
        deinit {
            if edge == .completesWhenReleased { innerSender.completed() }
        }
    }

    /// The sink engine's observer, and the interruption hook the row calls.
    struct Observer {
        let base: SinkAdapter.Observer
        let interrupted: () -> Void
    }

    var descriptor: EngineDescriptor { EngineDescriptor(id: "edge", role: .library, modelledOn: "test row") }

    func stream(_ flow: Flow, subjects: [Subject]) throws(UnsupportedFlow) -> SinkAdapter.Stream {
        try base.stream(flow, subjects: subjects.map(\.inner))
    }
    func nativeObserver(_ observer: EventObserver) -> Observer {
        guard edge == .interruptsAfterValue else {
            return Observer(base: base.nativeObserver(observer), interrupted: observer.interrupted)
        }
        // Interrupted while live, right after its first value: the stream has ended without a terminal event.
        let interrupting = EventObserver(
            next: { value in
                observer.next(value)
                observer.interrupted()
            }, error: { observer.error($0) }, completed: { observer.completed() })
        return Observer(base: base.nativeObserver(interrupting), interrupted: observer.interrupted)
    }
    func subscribe(_ stream: SinkAdapter.Stream, with observer: Observer) -> (SinkAdapter.Subscription, Observer) {
        return (base.subscribe(stream, with: observer.base), observer)
    }
    func dispose(_ subscription: (SinkAdapter.Subscription, Observer)) {
        base.dispose(subscription.0)
        if edge == .interruptsOnDispose { subscription.1.interrupted() }
    }
    func makeSubject(_ kind: SubjectKind) throws(UnsupportedFlow) -> Subject {
        if edge == .refusesSubjects { throw UnsupportedFlow(engine: "edge", operation: "publish subject: no such subject") }
        let inner = base.makeSubject(kind)
        let subject = Subject(inner: inner, sender: base.sender(for: inner), edge: edge)
        return subject
    }
    func sender(for subject: Subject) -> SubjectSender {
        // Holds the engine's subject, not the row's: releasing the row's subject is what ends the stream.
        let inner = subject.innerSender
        if edge == .noTerminalEvents {
            return SubjectSender(
                next: inner.next,
                terminalEventsUnsupported: UnsupportedFlow(engine: "edge", operation: "completing a subject: pipes never end"))
        }
        return SubjectSender(next: inner.next, error: inner.error, completed: inner.completed)
    }
}
