/// What `combineLatest` knows for any arity, and its transitions: each is called with `CombineLatestState`'s
/// lock held and returns what to do once the lock is released (docs/decisions/state-machines.md). The
/// latest values `V` are a tuple of optionals, or an array.
struct CombineLatestStateMachine<V> {
    private let count: Int
    private var values: V
    /// Which inputs have produced a value.
    private var hasValue: ContiguousArray<Bool>
    private var withValue = 0
    private var completedCount = 0
    /// Completion was decided (at most once).
    private var done = false

    init(count: Int, values: V) {
        self.count = count
        self.values = values
        self.hasValue = ContiguousArray(repeating: false, count: count)
    }

    /// Input `index` produced a value, which `update` stores: the values to combine and put, once every
    /// input has produced one; nil before.
    mutating func received(_ index: Int, _ update: (inout V) -> Void) -> V? {
        update(&values)
        if !hasValue[index] {
            hasValue[index] = true
            withValue += 1
        }
        return withValue == count ? values : nil
    }

    /// An input completed: true once, when that completes the whole (every input has).
    mutating func completed() -> Bool {
        if done { return false }
        completedCount += 1
        if completedCount == count {
            done = true
            return true
        }
        return false
    }
}
