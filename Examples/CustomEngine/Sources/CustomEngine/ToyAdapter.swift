import RxBenchKit

/// The toy engine behind rxbench's `EngineAdapter`: translate a `Flow`, subscribe, dispose. Operators the
/// toy does not have throw `UnsupportedFlow`; rxbench then reports the workload as not runnable, with the reason.
struct ToyAdapter: EngineAdapter {
    typealias Stream = ToyStream
    typealias Subscription = ToyCancel
    typealias Subject = ToySubject
    typealias Observer = EventObserver

    var descriptor: EngineDescriptor {
        EngineDescriptor(id: "toy", role: .library, modelledOn: "Examples/CustomEngine: observer -> cancel closures")
    }

    func stream(_ flow: Flow, subjects: [ToySubject]) throws(UnsupportedFlow) -> ToyStream {
        switch flow {
        case .just(let value): return .from([value])
        case .from(let values): return .from(values)
        case .empty: return .from([])
        case .never: return .never
        case .fail(let error): return .fail(error)
        case .subject(let index):
            guard subjects[index].kind == .publish else {
                throw UnsupportedFlow(engine: "toy", operation: "subject \(subjects[index].kind): the toy has publish subjects only")
            }
            return subjects[index].stream
        case .create(.repeating(let value, let count, let thenComplete)):
            return ToyStream { observer in
                for _ in 0..<count { observer.next(value) }
                if thenComplete { observer.end(nil) }
                return ToyCancel()
            }
        case .create(.counting(let count, let thenComplete)):
            return ToyStream { observer in
                for value in 0..<count { observer.next(value) }
                if thenComplete { observer.end(nil) }
                return ToyCancel()
            }
        case .create(.script(let script)):
            return ToyStream { observer in
                let action = script(
                    EventObserver(next: { observer.next($0) }, error: { observer.end($0) }, completed: { observer.end(nil) }))
                return ToyCancel(action.run)
            }
        case .map(let source, let transform): return try stream(source, subjects: subjects).map(transform.apply)
        case .filter(let source, let predicate): return try stream(source, subjects: subjects).filter(predicate.test)
        default:
            throw UnsupportedFlow(engine: "toy", operation: "\(flow.operatorName): the toy engine has no such operator")
        }
    }

    func nativeObserver(_ observer: EventObserver) -> EventObserver { observer }

    func subscribe(_ stream: ToyStream, with observer: EventObserver) -> ToyCancel {
        let toy = ToyObserver(
            next: observer.next,
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
