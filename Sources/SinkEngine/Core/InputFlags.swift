/// One flag per input of a multi-input sink (has a value, completed): a word of bits for up to 64 inputs, which
/// allocates nothing, and beyond 64 an array with a count, as RxSwift keeps for any arity (`_hasValue`,
/// `_numberOfValues` in RxSwift/Observables/CombineLatest.swift), so that a fan-in of 15,000 inputs works.
struct InputFlags {
    private let arity: Int
    private let allBits: UInt64
    private var bits: UInt64 = 0
    private var wide: [Bool]
    private var setCount = 0

    init(arity: Int) {
        precondition(arity > 0, "a multi-input operator has at least one input")
        self.arity = arity
        allBits = arity >= 64 ? ~0 : (1 << UInt64(arity)) - 1
        wide = arity > 64 ? Array(repeating: false, count: arity) : []
    }

    @inline(__always)
    mutating func set(_ index: Int) {
        if arity <= 64 {
            bits |= 1 << UInt64(index)
        } else if !wide[index] {
            wide[index] = true
            setCount += 1
        }
    }

    /// Whether every input's flag is set.
    @inline(__always)
    var all: Bool { arity <= 64 ? bits == allBits : setCount == arity }

    /// Whether every input's flag but `index`'s own is set (whatever `index`'s is).
    @inline(__always)
    func allOthers(than index: Int) -> Bool {
        arity <= 64 ? bits | 1 << UInt64(index) == allBits : setCount + (wide[index] ? 0 : 1) == arity
    }
}
