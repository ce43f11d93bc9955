import RxBenchCore

/// A translated chain of the floor: where values come from and the user's closures, in order.
public struct BaselineChain: @unchecked Sendable {
    typealias Source = LinearSource<BaselineSubject>

    let source: Source
    /// Observer side first: `stages[0]` is the stage nearest the observer.
    let stages: [LinearStage]

    /// No stage keeps state (map, filter and compactMap only): a value can run through the stages without a
    /// composed chain.
    var isStateless: Bool {
        stages.allSatisfy {
            switch $0 {
            case .map, .filter, .compactMap: true
            case .scan, .take, .distinct: false
            }
        }
    }

    /// Runs `value` through the stages as they are, the source's side first, and hands what passes to
    /// `down`: what the composed chain does, without composing it. Stateless chains only.
    func run(_ value: Int, into down: (Int) -> Void) {
        var value = value
        var index = stages.count - 1
        while index >= 0 {
            switch stages[index] {
            case let .map(transform):
                value = transform(value)
            case let .filter(test):
                guard test(value) else { return }
            case let .compactMap(transform):
                guard let mapped = transform(value) else { return }
                value = mapped
            case .scan, .take, .distinct:
                preconditionFailure("run(_:into:) is for chains without state")
            }
            index -= 1
        }
        down(value)
    }

    /// A take(0) among the stages: the subscription ends as it starts, whatever the source.
    var endsAtSubscription: Bool {
        stages.contains { if case .take(let count) = $0 { count == 0 } else { false } }
    }

    /// Composes the stages around the observer, nearest first: one closure per pair of stages (a stage
    /// and the one below it), made once for this subscription. Stages with state (scan, take) keep it in a
    /// box captured by their closure.
    func compose(into subscription: BaselineSubscription) -> (Int) -> Void {
        var next: (Int) -> Void = subscription.observer.next
        var index = 0
        while index < stages.count {
            if index + 1 < stages.count, case let .map(transform) = stages[index + 1] {
                // A map and the stage below it, in one closure.
                next = Self.closure(for: stages[index], after: transform, down: next, subscription: subscription)
                index += 2
            } else {
                next = Self.closure(for: stages[index], after: nil, down: next, subscription: subscription)
                index += 1
            }
        }
        return next
    }

    /// The closure of `stage`, with `first` (a map above it) applied before it when given.
    private static func closure(
        for stage: LinearStage, after first: ((Int) -> Int)?, down: @escaping (Int) -> Void,
        subscription: BaselineSubscription
    ) -> (Int) -> Void {
        switch (stage, first) {
        case let (.map(transform), nil):
            return { down(transform($0)) }
        case let (.map(transform), first?):
            return { down(transform(first($0))) }
        case let (.filter(test), nil):
            return { if test($0) { down($0) } }
        case let (.filter(test), first?):
            return {
                let mapped = first($0)
                if test(mapped) { down(mapped) }
            }
        case let (.compactMap(transform), nil):
            return { if let value = transform($0) { down(value) } }
        case let (.compactMap(transform), first?):
            return { if let value = transform(first($0)) { down(value) } }
        // A stage with state and no map above it gets a closure of its own, not the paired one with an identity
        // map: the floor calls nothing a user's code would not (an identity closure per event made `signal`'s
        // scan beat the floor on CreateScan).
        case let (.scan(seed, accumulate), nil):
            let total = Box(seed)
            return {
                total.value = accumulate(total.value, $0)
                down(total.value)
            }
        case let (.scan(seed, accumulate), first?):
            let total = Box(seed)
            return {
                total.value = accumulate(total.value, first($0))
                down(total.value)
            }
        case (.distinct, nil):
            let last = OptionalBox()
            return {
                guard last.value != $0 else { return }
                last.value = $0
                down($0)
            }
        case let (.distinct, first?):
            let last = OptionalBox()
            return {
                let value = first($0)
                guard last.value != value else { return }
                last.value = value
                down(value)
            }
        case let (.take(count), nil):
            if count == 0 { subscription.complete() }
            let remaining = Box(count)
            return {
                guard remaining.value > 0 else { return }
                remaining.value -= 1
                down($0)
                if remaining.value == 0 { subscription.complete() }
            }
        case let (.take(count), first?):
            if count == 0 { subscription.complete() }
            let remaining = Box(count)
            return {
                guard remaining.value > 0 else { return }
                remaining.value -= 1
                down(first($0))
                if remaining.value == 0 { subscription.complete() }
            }
        }
    }
}

/// Per-subscription state of a stage (a scan's total, a take's remaining count). Single-threaded by
/// design, so the dynamic exclusivity check, which would run on every event, is off.
final class Box {
    @exclusivity(unchecked) var value: Int
    init(_ value: Int) { self.value = value }
}

/// A distinct stage's last value, none before the first.
final class OptionalBox {
    @exclusivity(unchecked) var value: Int?
}
