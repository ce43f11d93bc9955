/// SwiftSignalKit's `ValuePipe`: a hot subject of values that never fails or completes.
public final class ValuePipe<T>: @unchecked Sendable {
    private let pipe = Pipe<T, NoError>()

    public init() {}

    public func putNext(_ value: T) { pipe.putNext(value) }

    public func signal() -> Signal<T, NoError> { pipe.signal() }
}
