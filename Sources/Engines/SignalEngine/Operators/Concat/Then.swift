/// Starts `next` once the signal has completed (SwiftSignalKit's `then`, concat of two).
public func then<T, E>(_ next: Signal<T, E>) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in concatSignals([signal, next]) }
}
