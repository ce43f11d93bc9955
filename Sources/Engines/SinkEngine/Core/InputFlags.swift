/// One flag per input of a multi-input sink (has a value, completed): a word of bits for up to 64 inputs, which
/// allocates nothing, and beyond 64 an array with a count, so that a fan-in of 15,000 inputs works.
///
/// In `sink-locked`, the array and its count for every arity, as RxSwift 6.10.2 keeps them: `hasValue` and
/// `isDone`, `[Bool](repeating: false, count: arity)`, made per subscription (RxSwift/Observables/
/// CombineLatest.swift:24-32; zip's `isDone`, Zip.swift:23-26): one allocation per flag set per subscription.
struct InputFlags {
    /// The most inputs whose flags live in one word: 64 in the lean engine, none in `sink-locked`.
    #if SINK_LOCKED
    private static let wordLimit = 0
    #else
    private static let wordLimit = 64
    #endif

    private let arity: Int
    private let allBits: UInt64
    private var bits: UInt64 = 0
    private var wide: [Bool]
    private var setCount = 0

    init(arity: Int) {
        precondition(arity > 0, "a multi-input operator has at least one input")
        self.arity = arity
        allBits = arity >= 64 ? ~0 : (1 << UInt64(arity)) - 1
        wide = arity > Self.wordLimit ? Array(repeating: false, count: arity) : []
    }

    @inline(__always)
    mutating func set(_ index: Int) {
        if arity <= Self.wordLimit {
            bits |= 1 << UInt64(index)
        } else if !wide[index] {
            wide[index] = true
            setCount += 1
        }
    }

    /// Whether every input's flag is set.
    @inline(__always)
    var all: Bool { arity <= Self.wordLimit ? bits == allBits : setCount == arity }

    /// Whether every input's flag but `index`'s own is set (whatever `index`'s is).
    @inline(__always)
    func allOthers(than index: Int) -> Bool {
        arity <= Self.wordLimit ? bits | 1 << UInt64(index) == allBits : setCount + (wide[index] ? 0 : 1) == arity
    }
}
