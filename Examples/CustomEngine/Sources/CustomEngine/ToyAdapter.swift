import RxBenchKit

/// The toy engine behind rxbench's `EngineAdapter`: translate a `Flow`, subscribe, dispose. The translation is
/// `ToyMapping`'s few operators; the flows it does not map are declined with the reason, and rxbench then reports
/// the workload as not runnable.
struct ToyAdapter: EngineAdapter {
    typealias Stream = ToyStream
    typealias Subscription = ToyCancel
    typealias Subject = ToySubject
    typealias Observer = EventObserver

    var descriptor: EngineDescriptor {
        EngineDescriptor(id: "toy", role: .library, modelledOn: "Examples/CustomEngine: observer -> cancel closures")
    }

    func stream(_ flow: Flow, subjects: [ToySubject]) throws(UnsupportedFlow) -> ToyStream {
        try ToyMapping(subjects: subjects).stream(for: flow)
    }

    func nativeObserver(_ observer: EventObserver) -> EventObserver { observer }

    func subscribe(_ stream: ToyStream, with observer: EventObserver) -> ToyCancel {
        let toy = ToyObserver(
            next: observer.nextInPlainForm,  // the toy engine is plain Swift at Int
            end: { error in
                if let error { observer.error(error as? BenchError ?? .foreign) } else { observer.completed() }
            })
        let cancel = stream.subscribe(toy)
        return ToyCancel { toy.stop(); cancel.cancel() }
    }

    func dispose(_ subscription: ToyCancel) { subscription.cancel() }

    func makeSubject(_ kind: SubjectKind) -> ToySubject { ToySubject(kind: kind) }

    func sender(for subject: ToySubject) -> SubjectSender {
        SubjectSender(next: { subject.send($0) }, error: { subject.end($0) }, completed: { subject.end(nil) })
    }
}

/// The toy's operator for each `Flow` operator it has; the recursion over `Flow` and the refusals of the rest
/// are `FlowMapping`'s.
struct ToyMapping: FlowMapping {
    let subjects: [ToySubject]

    var engineName: String { "toy" }

    func unsupported(_ operation: String) -> UnsupportedFlow {
        UnsupportedFlow(engine: engineName, operation: "\(operation): the toy engine has no such operator")
    }

    func just(_ value: Int) -> ToyStream { .from([value]) }
    func from(_ values: [Int]) -> ToyStream { .from(values) }
    func empty() -> ToyStream { .from([]) }
    func never() -> ToyStream { .never }
    func fail(_ error: BenchError) -> ToyStream { .fail(error) }
    func subject(_ index: Int) throws(UnsupportedFlow) -> ToyStream {
        guard subjects[index].kind == .publish else {
            throw UnsupportedFlow(engine: engineName, operation: "subject \(subjects[index].kind): the toy has publish subjects only")
        }
        return subjects[index].stream
    }
    func create(_ emitter: Emitter) -> ToyStream {
        switch emitter {
        case .repeating(let value, let count, let thenComplete):
            return ToyStream { observer in
                for _ in 0..<count { observer.next(value) }
                if thenComplete { observer.end(nil) }
                return ToyCancel()
            }
        case .counting(let count, let thenComplete):
            return ToyStream { observer in
                for value in 0..<count { observer.next(value) }
                if thenComplete { observer.end(nil) }
                return ToyCancel()
            }
        case .script(let script):
            return ToyStream { observer in
                let action = script(
                    EventObserver(next: { observer.next($0) }, error: { observer.end($0) }, completed: { observer.end(nil) }))
                return ToyCancel(action.run)
            }
        }
    }

    func map(_ source: ToyStream, _ transform: IntTransform) -> ToyStream { source.map(transform.apply) }
    func filter(_ source: ToyStream, _ predicate: IntPredicate) -> ToyStream { source.filter(predicate.test) }
}
