/// RACSubscriber (the protocol): what a signal sends its events to.
///
/// The grammar is `sendNext* (sendError | sendCompleted)?`. `didSubscribe(with:)` hands the subscriber
/// the disposable of the subscription it has just joined, so that it can end that subscription when it
/// terminates (RAC's `-didSubscribeWithDisposable:`).
///
/// Operators never call a subscriber through this protocol as an existential: a signal is subscribed with
/// a concrete subscriber type, and the per-event calls go through closures made where that type is known.
public protocol Subscriber<Value>: AnyObject {
    associatedtype Value
    func sendNext(_ value: Value)
    func sendError(_ error: any Error)
    func sendCompleted()
    func didSubscribe(with disposable: CompoundDisposable)
}
