import Observation
import RxBenchCore

/// Swift's Observation (`@Observable` and `withObservationTracking`, in the toolchain) as a row, for what it can
/// express: a property that many observers read, changes pumped into it, observers that come and go. A subject is an
/// `@Observable` model's stored property; a subscription is the observer loop its users write (read inside
/// `withObservationTracking`, and after each change read again and register again); map, filter and a trailing
/// distinctUntilChanged are what the observer does with the value it reads. What it cannot stand for, and why, is
/// docs/decisions/observation-row.md.
public struct ObservationAdapter: EngineAdapter {
    public typealias Stream = ObservedStream
    public typealias Subscription = ObservationSubscription
    public typealias Subject = ObservedSubject
    public typealias Observer = (Int) -> Void

    public init() {}

    public var descriptor: EngineDescriptor {
        EngineDescriptor(
            id: "observation", role: .library,
            modelledOn: "Swift's Observation: @Observable, withObservationTracking registered again after each change")
    }

    public func stream(_ flow: Flow, subjects: [ObservedSubject]) throws(UnsupportedFlow) -> ObservedStream {
        try ObservationMapping(subjects: subjects).stream(for: flow)
    }

    /// An observer reads values; a property never ends, so the terminal events have nowhere to come from. The
    /// change handler is plain Swift, and calls `next` as plain Swift calls it (EventObserverOf's header).
    public func nativeObserver(_ observer: EventObserver) -> (Int) -> Void { observer.nextInPlainForm }

    public func subscribe(_ stream: ObservedStream, with observer: @escaping (Int) -> Void)
        -> ObservationSubscription
    {
        let propertyObserver = PropertyObserver(stream, next: observer)
        propertyObserver.start()
        return ObservationSubscription(observer: propertyObserver)
    }

    public func dispose(_ subscription: ObservationSubscription) { subscription.observer.dispose() }

    public func makeSubject(_ kind: SubjectKind) throws(UnsupportedFlow) -> ObservedSubject {
        switch kind {
        case .publish:
            // A publish subject's subscribers see the changes after they subscribe, the first send included.
            return ObservedSubject(model: ObservedModel(value: nil), deliversCurrentValue: false)
        case .behavior(let initial):
            return ObservedSubject(model: ObservedModel(value: initial), deliversCurrentValue: true)
        case .replayLast, .replay:
            throw UnsupportedFlow(
                engine: "observation",
                operation: "a replay subject: a property holds one value, always there from the start (a behavior "
                    + "subject), and keeps no history of the values before it")
        }
    }

    public func sender(for subject: ObservedSubject) -> SubjectSender {
        SubjectSender(
            next: { subject.send($0) },
            terminalEventsUnsupported: UnsupportedFlow(
                engine: "observation", operation: "completing or failing a subject: a property never ends"))
    }

    public var concurrentSendingUnsupported: UnsupportedFlow? {
        UnsupportedFlow(
            engine: "observation",
            operation: "sending from several threads at once: an observer registers again only after it has read "
                + "a change, and a change made meanwhile does not reach it (Observation coalesces), so not every "
                + "value sent is delivered")
    }
}

extension ObservationAdapter {
    /// A disposed observer stays in the registrar's tables until the property next changes, so what those tables
    /// hold, and when they grow, depends on the subscriptions that came and went before
    /// (docs/decisions/observation-row.md).
    public var allocationCountsDependOnHistory: String? {
        "disposed observers stay registered until the property next changes: the registrar's tables grow with "
            + "the subscriptions that came and went before"
    }
}

/// What subscribing returns: disposing marks the observer, which Observation cannot unregister.
public struct ObservationSubscription: Sendable {
    let observer: PropertyObserver
}
