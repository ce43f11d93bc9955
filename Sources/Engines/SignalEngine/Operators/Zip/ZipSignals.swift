/// Emits `f` of the n-th values of every input. Completes when an input has completed and its buffer
/// is empty; the first error terminates.
public func zipSignals<T1, T2, R, E>(
    _ s1: Signal<T1, E>, _ s2: Signal<T2, E>, _ f: @escaping (T1, T2) -> R
) -> Signal<R, E> {
    Signal<R, E> { subscriber in
        let state = ZipState<([T1], [T2]), (T1, T2), R, E>(
            subscriber: subscriber, count: 2, buffers: ([], []),
            pop: { b in
                if b.0.isEmpty || b.1.isEmpty { return nil }
                return (b.0.removeFirst(), b.1.removeFirst())
            },
            isEmpty: { b, i in i == 0 ? b.0.isEmpty : b.1.isEmpty },
            combine: { f($0.0, $0.1) })
        state.add { s1.start(next: { x in state.putNext { $0.0.append(x) } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(0) }) }
        state.add { s2.start(next: { x in state.putNext { $0.1.append(x) } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(1) }) }
        return state
    }
}

public func zipSignals<T1, T2, T3, R, E>(
    _ s1: Signal<T1, E>, _ s2: Signal<T2, E>, _ s3: Signal<T3, E>, _ f: @escaping (T1, T2, T3) -> R
) -> Signal<R, E> {
    Signal<R, E> { subscriber in
        let state = ZipState<([T1], [T2], [T3]), (T1, T2, T3), R, E>(
            subscriber: subscriber, count: 3, buffers: ([], [], []),
            pop: { b in
                if b.0.isEmpty || b.1.isEmpty || b.2.isEmpty { return nil }
                return (b.0.removeFirst(), b.1.removeFirst(), b.2.removeFirst())
            },
            isEmpty: { b, i in
                switch i {
                case 0: b.0.isEmpty
                case 1: b.1.isEmpty
                default: b.2.isEmpty
                }
            },
            combine: { f($0.0, $0.1, $0.2) })
        state.add { s1.start(next: { x in state.putNext { $0.0.append(x) } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(0) }) }
        state.add { s2.start(next: { x in state.putNext { $0.1.append(x) } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(1) }) }
        state.add { s3.start(next: { x in state.putNext { $0.2.append(x) } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(2) }) }
        return state
    }
}

public func zipSignals<T1, T2, T3, T4, R, E>(
    _ s1: Signal<T1, E>, _ s2: Signal<T2, E>, _ s3: Signal<T3, E>, _ s4: Signal<T4, E>,
    _ f: @escaping (T1, T2, T3, T4) -> R
) -> Signal<R, E> {
    Signal<R, E> { subscriber in
        let state = ZipState<([T1], [T2], [T3], [T4]), (T1, T2, T3, T4), R, E>(
            subscriber: subscriber, count: 4, buffers: ([], [], [], []),
            pop: { b in
                if b.0.isEmpty || b.1.isEmpty || b.2.isEmpty || b.3.isEmpty { return nil }
                return (b.0.removeFirst(), b.1.removeFirst(), b.2.removeFirst(), b.3.removeFirst())
            },
            isEmpty: { b, i in
                switch i {
                case 0: b.0.isEmpty
                case 1: b.1.isEmpty
                case 2: b.2.isEmpty
                default: b.3.isEmpty
                }
            },
            combine: { f($0.0, $0.1, $0.2, $0.3) })
        state.add { s1.start(next: { x in state.putNext { $0.0.append(x) } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(0) }) }
        state.add { s2.start(next: { x in state.putNext { $0.1.append(x) } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(1) }) }
        state.add { s3.start(next: { x in state.putNext { $0.2.append(x) } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(2) }) }
        state.add { s4.start(next: { x in state.putNext { $0.3.append(x) } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(3) }) }
        return state
    }
}

/// Any number of inputs of one type; `f` receives the n-th values in input order. No inputs:
/// completes at once.
public func zipSignals<T, R, E>(_ signals: [Signal<T, E>], _ f: @escaping ([T]) -> R) -> Signal<R, E> {
    Signal<R, E> { subscriber in
        if signals.isEmpty {
            subscriber.putCompletion()
            return EmptyDisposable
        }
        let state = ZipState<ContiguousArray<[T]>, [T], R, E>(
            subscriber: subscriber, count: signals.count,
            buffers: ContiguousArray(repeating: [], count: signals.count),
            pop: { buffers in
                if buffers.contains(where: { $0.isEmpty }) { return nil }
                return buffers.indices.map { buffers[$0].removeFirst() }
            },
            isEmpty: { buffers, index in buffers[index].isEmpty },
            combine: f)
        for (index, signal) in signals.enumerated() {
            state.add {
                signal.start(
                    next: { x in state.putNext { $0[index].append(x) } },
                    error: { subscriber.putError($0) },
                    completed: { state.putCompletion(index) })
            }
        }
        return state
    }
}
