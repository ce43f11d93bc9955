/// An observer: one closure that receives events.
///
/// RxSwift's sinks are generic over their observer type, so every call into a sink is a witness call.
/// Here an observer is always a closure made where the sink's type is concrete (inside the operator's
/// `run`), so delivering an event is one indirect call into specialised code. A closure that captures
/// only the sink uses the sink itself as its context: making an observer allocates nothing.
public struct AnyObserver<Element> {
    public let on: (Event<Element>) -> Void

    public init(_ on: @escaping (Event<Element>) -> Void) {
        self.on = on
    }

    public func onNext(_ element: Element) { on(.next(element)) }
    public func onError(_ error: Swift.Error) { on(.error(error)) }
    public func onCompleted() { on(.completed) }
}
