/// One thread's trampoline: only ever touched by its own thread, so it needs no lock.
final class TrampolineQueue {
    /// `true` while this thread runs an action (or an outermost subscription) through the trampoline.
    var isRunning = false
    private var items: [ScheduledItem?] = []
    private var head = 0

    func enqueue(_ item: ScheduledItem) {
        items.append(item)
    }

    /// Runs queued actions, including those they queue, then leaves the trampoline.
    func drain() {
        while head < items.count {
            let item = items[head]
            items[head] = nil
            head += 1
            if let item, item.invoke() {
                // A recursive schedule wants another turn, after everything queued before it now.
                items.append(item)
            }
            // Long recursions (concat of 100,000 sources) would keep a dead prefix; drop it now and then.
            if head >= 1024 && head * 2 >= items.count {
                items.removeFirst(head)
                head = 0
            }
        }
        items.removeAll(keepingCapacity: true)
        head = 0
        isRunning = false
    }
}
