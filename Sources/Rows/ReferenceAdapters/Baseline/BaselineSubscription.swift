import RxBenchCore

/// One subscription of the floor: the observer and whether it has ended. Single-threaded by design
/// (the floor has no locks), so the dynamic exclusivity checks are off.
public final class BaselineSubscription: @unchecked Sendable {
    let observer: PlainObserver
    @exclusivity(unchecked) private(set) var isDone = false
    /// Strong, not weak: a weak reference allocates the subject a side table, one more malloc per subject than
    /// plain Swift needs. The cycle it makes with the subject's array is broken when either side ends
    /// (detach clears it), as RxSwift's subscription disposable holds its subject.
    @exclusivity(unchecked) var subject: BaselineSubject?
    /// Where the subject keeps this subscription.
    @exclusivity(unchecked) var slot = 0
    /// The composed closure a subject calls, set when it attaches this subscription.
    @exclusivity(unchecked) var next: (Int) -> Void = { _ in }

    init(observer: PlainObserver) {
        self.observer = observer
    }

    func complete() {
        guard !isDone else { return }
        isDone = true
        observer.completed()
        end()
    }

    func fail(_ error: BenchError) {
        guard !isDone else { return }
        isDone = true
        observer.error(error)
        end()
    }

    func dispose() {
        isDone = true
        end()
    }

    /// Detaches from the subject and lets go of the composed chain here, as every engine frees its stages in
    /// dispose(): otherwise the chain's closures would be freed only when the caller drops this object, after
    /// dispose latency's timer has stopped, and the floor's dispose would time nothing but a flag.
    private func end() {
        subject?.detach(self)
        next = { _ in }
    }
}

/// A subject of the floor: its subscriptions with their composed closures, no locks. The first is kept
/// in a field of its own, so that a subject with one subscriber allocates no array (RxSwift's `Bag` keeps
/// its first entry inline for the same reason); the others are a plain array in subscription order.
/// Detaching leaves a hole (O(1), whatever the number of siblings); trailing holes are dropped at once and
/// the array is compacted, in order, once half of it is holes and no send is running: the cheap structure
/// a careful author would write for many subscribers.
public final class BaselineSubject: LinearSubject, @unchecked Sendable {
    /// The oldest subscription, while it is subscribed and no other came before it (slot `firstSlot`).
    @exclusivity(unchecked) private var first: BaselineSubscription?
    @exclusivity(unchecked) private var entries: [BaselineSubscription?] = []
    /// Live subscriptions in `entries`.
    @exclusivity(unchecked) private var live = 0
    /// Sends in progress: more than one when an observer sends into this subject while it delivers.
    @exclusivity(unchecked) private var sendDepth = 0
    /// A subscription detached during a send: the array is compacted once no send is running.
    @exclusivity(unchecked) private var detachedWhileSending = false
    private static let firstSlot = -1
    private var latest: Int?
    private let replays: Bool
    private let replaysAfterTermination: Bool
    private var terminal: BenchError??

    /// `LinearSubjectRules` says what these are.
    let unexpressed: String?

    init(kind: SubjectKind) {
        let rules = LinearSubjectRules(kind)
        (replays, replaysAfterTermination, latest, unexpressed) =
            (rules.replays, rules.replaysAfterTermination, rules.initial, rules.unexpressed)
    }

    func attach(_ subscription: BaselineSubscription, next: @escaping (Int) -> Void) {
        if replays, terminal == nil || replaysAfterTermination, let latest { next(latest) }
        if let terminal {
            if let error = terminal { subscription.fail(error) } else { subscription.complete() }
            return
        }
        guard !subscription.isDone else { return }
        subscription.subject = self
        subscription.next = next
        // The field only while no subscription is in the array, so that the field stays the oldest.
        if first == nil, entries.isEmpty {
            subscription.slot = Self.firstSlot
            first = subscription
            return
        }
        // A full array with holes is compacted in place rather than grown: under churn (one leaving, one joining
        // per value) the array then never reallocates, and its allocation count is exact whatever capacity the
        // allocator's block happened to give it. Not during a send, whose loop reads the slots by index.
        if entries.count == entries.capacity, live < entries.count, sendDepth == 0 { compact(force: true) }
        subscription.slot = entries.count
        entries.append(subscription)
        live += 1
    }

    func detach(_ subscription: BaselineSubscription) {
        let slot = subscription.slot
        subscription.subject = nil
        if slot == Self.firstSlot {
            if first === subscription { first = nil }
            return
        }
        guard slot < entries.count, entries[slot] === subscription else { return }
        entries[slot] = nil
        live -= 1
        if sendDepth > 0 { detachedWhileSending = true } else { compact() }
    }

    /// Drops trailing holes, then compacts when half the slots are holes: the array then holds the same
    /// count after the same subscribes and disposes, whatever came before (so allocation counts are exact).
    private func compact(force: Bool = false) {
        while let last = entries.last, last == nil { entries.removeLast() }
        guard force || (entries.count >= 16 && live * 2 < entries.count) else { return }
        var kept = 0
        for index in entries.indices {
            guard let entry = entries[index] else { continue }
            entry.slot = kept
            entries[kept] = entry
            kept += 1
        }
        entries.removeLast(entries.count - kept)
    }

    /// Sends to the observers subscribed when the send began, calling each closure in place.
    func send(_ value: Int) {
        guard terminal == nil else { return }
        if replays { latest = value }
        sendDepth += 1
        let count = entries.count
        first?.next(value)
        var index = 0
        while index < count {
            entries[index]?.next(value)
            index += 1
        }
        sendDepth -= 1
        // Only a detach during a send left anything to compact: the other sends skip the walk.
        if sendDepth == 0, detachedWhileSending {
            detachedWhileSending = false
            compact()
        }
    }

    func complete() {
        guard terminal == nil else { return }
        terminal = .some(nil)
        let (head, current) = (first, entries)
        head?.complete()
        for entry in current { entry?.complete() }
    }

    func fail(_ error: BenchError) {
        guard terminal == nil else { return }
        terminal = .some(error)
        let (head, current) = (first, entries)
        head?.fail(error)
        for entry in current { entry?.fail(error) }
    }
}
