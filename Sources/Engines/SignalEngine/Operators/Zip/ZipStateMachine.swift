/// What `zipSignals` knows for any arity, and its transitions: each is called with `ZipState`'s lock held
/// and returns what to do once the lock is released (docs/decisions/state-machines.md). Per-input buffers
/// `V`, a `pop` that takes one value from every buffer when all have one, and which inputs have completed.
/// Completes when an input has completed and its buffer is empty (no further tuple can ever form).
struct ZipStateMachine<V, A> {
    private var buffers: V
    private var completed: ContiguousArray<Bool>
    /// Completion was decided (at most once).
    private var done = false
    private let pop: (inout V) -> A?
    private let isEmpty: (V, Int) -> Bool

    init(count: Int, buffers: V, pop: @escaping (inout V) -> A?, isEmpty: @escaping (V, Int) -> Bool) {
        self.buffers = buffers
        self.completed = ContiguousArray(repeating: false, count: count)
        self.pop = pop
        self.isEmpty = isEmpty
    }

    /// A value arrived, which `append` buffers: the tuple to combine and put when every buffer had one,
    /// and whether the whole then completes.
    mutating func received(_ append: (inout V) -> Void) -> (tuple: A?, complete: Bool) {
        if done { return (nil, false) }
        append(&buffers)
        let tuple = pop(&buffers)
        return (tuple, exhausted())
    }

    /// Input `index` completed: true once, when that completes the whole.
    mutating func completed(_ index: Int) -> Bool {
        if done { return false }
        completed[index] = true
        return exhausted()
    }

    /// Marks done when a completed input has an empty buffer.
    private mutating func exhausted() -> Bool {
        for index in completed.indices where completed[index] && isEmpty(buffers, index) {
            done = true
            return true
        }
        return false
    }
}
