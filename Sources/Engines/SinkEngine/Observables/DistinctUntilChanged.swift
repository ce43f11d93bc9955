extension Producer where Element: Equatable {
    /// Drops elements equal to the one before.
    public func distinctUntilChanged() -> Observable<Element> {
        DistinctUntilChanged(source: self)
    }
}

final class DistinctUntilChanged<Element: Equatable>: Producer<Element> {
    let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
        super.init { (parent: DistinctUntilChanged<Element>, observer, cancel) in
            let sink = DistinctUntilChangedSink(observer: observer, cancel: cancel)
            let subscription = parent.source.subscribe(AnyObserver { sink.on($0) })
            return SinkAndSubscription(sink: sink, subscription: subscription)
        }
    }
}

final class DistinctUntilChangedSink<Element: Equatable>: Sink<Element> {
    // Events arrive serially (the grammar), so the last element needs no lock.
    private var last: Element?

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            if let last, last == element { return }
            last = element
            forwardOn(event)
        case .error, .completed:
            forwardTerminal(event)
        }
    }
}

extension Producer {
    /// Drops elements whose key equals the key of the element before (RxSwift's key-selector form).
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key) -> Observable<Element> {
        DistinctUntilChangedBy(source: self, keySelector: keySelector, comparer: { $0 == $1 })
    }

    /// Drops elements `comparer` calls equal to the element before (RxSwift's comparer form).
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Observable<Element> {
        DistinctUntilChangedBy(source: self, keySelector: { $0 }, comparer: comparer)
    }
}

/// The general form, RxSwift's: a key per element and a comparer of keys; a throw from either ends the
/// stream with that error. The `Equatable` form above stays its own producer, so its path is unchanged.
final class DistinctUntilChangedBy<Element, Key>: Producer<Element> {
    let source: Observable<Element>
    let keySelector: (Element) throws -> Key
    let comparer: (Key, Key) throws -> Bool

    init(
        source: Observable<Element>, keySelector: @escaping (Element) throws -> Key,
        comparer: @escaping (Key, Key) throws -> Bool
    ) {
        self.source = source
        self.keySelector = keySelector
        self.comparer = comparer
        super.init { (parent: DistinctUntilChangedBy<Element, Key>, observer, cancel) in
            let sink = DistinctUntilChangedBySink(
                keySelector: parent.keySelector, comparer: parent.comparer, observer: observer, cancel: cancel)
            let subscription = parent.source.subscribe(AnyObserver { sink.on($0) })
            return SinkAndSubscription(sink: sink, subscription: subscription)
        }
    }
}

final class DistinctUntilChangedBySink<Element, Key>: Sink<Element> {
    private let keySelector: (Element) throws -> Key
    private let comparer: (Key, Key) throws -> Bool
    // Events arrive serially (the grammar), so the last key needs no lock.
    private var lastKey: Key?

    init(
        keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool,
        observer: AnyObserver<Element>, cancel: SinkDisposer
    ) {
        self.keySelector = keySelector
        self.comparer = comparer
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            do {
                let key = try keySelector(element)
                if let lastKey, try comparer(lastKey, key) { return }
                lastKey = key
                forwardOn(event)
            } catch {
                forwardTerminal(.error(error))
            }
        case .error, .completed:
            forwardTerminal(event)
        }
    }
}
