import RxBenchCore

/// The live siblings of a latency workload, and which of them a sample disposes when the order is `oldest`
/// or `random`. Sibling slot `i` always subscribes with observer `i`: a replacement takes the observer of
/// the sibling it replaces, so at the end each observer has exactly one live subscription and the checksum
/// counts every sibling once, replacements included.
///
/// `oldest`: every replacement is subscribed at the end (the subject's newest observer), so the slots age
/// in turn and the oldest live sibling is always the slot after the one last replaced: a ring's head.
/// `random`: a slot drawn by SplitMix64 from a fixed seed, the same sequence for every engine and run.
struct LiveSiblings<Adapter: EngineAdapter> {
    let adapter: Adapter
    let order: DisposalOrder
    private let observers: [Adapter.Observer]
    /// Optional so that a sample can take the subscription out before disposing it: the sample's local is
    /// then its only reference, as in the `newest` sample, and is released at the same point.
    private var subscriptions: [Adapter.Subscription?] = []
    private var head = 0
    private var random = SplitMix64(seed: SplitMix64.siblingSeed)

    init(adapter: Adapter, order: DisposalOrder, observers: [Adapter.Observer]) {
        self.adapter = adapter
        self.order = order
        self.observers = observers
    }

    var count: Int { observers.count }

    /// Subscribes one sibling per observer, in slot order (slot 0 is the oldest).
    mutating func subscribeAll(to stream: Adapter.Stream) {
        subscriptions.reserveCapacity(observers.count)
        for observer in observers { subscriptions.append(adapter.subscribe(stream, with: observer)) }
    }

    /// The slot the next `oldest` or `random` sample disposes. Kept out of the timed region.
    mutating func nextSlot() -> Int {
        precondition(count > 0, "a disposal order other than newest needs siblings")
        switch order {
        case .newest:
            preconditionFailure("newest disposes the sample's own subscription, not a sibling")
        case .oldest:
            let slot = head
            head = head + 1 == count ? 0 : head + 1
            return slot
        case .random:
            return Int(random.next() % UInt64(count))
        }
    }

    /// Takes the sibling out of `slot`, leaving the slot empty until `replace(at:in:)`.
    mutating func take(_ slot: Int) -> Adapter.Subscription {
        guard let subscription = subscriptions[slot] else { preconditionFailure("slot \(slot) is empty") }
        subscriptions[slot] = nil
        return subscription
    }

    /// Subscribes a replacement into the empty `slot` with the slot's observer: the subject's newest observer.
    mutating func replace(at slot: Int, in stream: Adapter.Stream) {
        subscriptions[slot] = adapter.subscribe(stream, with: observers[slot])
    }

    mutating func disposeAll() {
        for case let subscription? in subscriptions { adapter.dispose(subscription) }
        subscriptions.removeAll(keepingCapacity: true)
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a small, fast generator with a fixed seed, so that the `random`
/// disposal order is the same sequence on every engine.
struct SplitMix64 {
    static let siblingSeed: UInt64 = 0x0D15_B05E_5EED_0011
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
