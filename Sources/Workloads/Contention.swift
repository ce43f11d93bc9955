import Dispatch
import RxBenchCore

/// Several threads, more than the machine has cores, sending into one junction at once: the case where a
/// lock that spins and a lock that parks behave differently (docs/decisions/fidelity.md, "Contention").
///
/// The junction is `merge`: each of `threads` sources is subscribed on its own serial queue, so each runs
/// its pump on its own thread, and all of them send into the one merge sink concurrently. That sink is
/// where every engine serialises concurrent senders (RxSwift's `MergeSink` lock, SwiftSignalKit's merge
/// state, RAC's subscriber lock), so its lock is the contended one. (A workload cannot make several
/// threads send into one subject: the harness feeds subjects from its own thread only, and the `Flow`
/// vocabulary has no stage that sends into a subject.)
///
/// The checksum: with several senders, the order in which the merged values arrive is not defined, so
/// the order-sensitive fold of an observer cannot be predicted. The workload therefore reduces the merged
/// stream with `+` (commutative and associative, wrapping) and the observer sees one value, the sum, and
/// a completion. Thread `i` sends `i * perThread + 0 ..< perThread` (a distinct offset per thread), so
/// the sum changes when a value is dropped, duplicated, or lost by a race inside the serial section (a
/// `reduce` that two threads entered at once loses an update). What it does not check is the order of
/// the values, which is not defined here.
enum Contention {
    /// One serial queue per sending thread, made once.
    static let queues = (0..<8).map { DispatchQueue(label: "rxbench.contention.\($0)") }

    static let all: [Workload] = [4, 8].map(merge(threads:))

    static func merge(threads: Int) -> Workload {
        Workload(
            name: "ContendedMerge", group: "contention",
            summary: "threads > cores each pump into one merge (subscribeOn a queue each) -> reduce(+); per event",
            parameters: [.init("threads", threads)], shape: .pumping, defaultSize: 200_000
        ) { events in
            let perThread = max(1, events / threads)
            let inputs: [Flow] = (0..<threads).map { index in
                let offset = index * perThread
                let shifted = IntTransform("+\(offset)") { $0 &+ offset }
                return .subscribeOn(.map(Stage.pump(perThread, thenComplete: true), shifted), .serial(queues[index]))
            }
            var sum = 0
            for index in 0..<threads {
                for value in 0..<perThread { sum = Stage.sum.combine(sum, index * perThread + value) }
            }
            let total = sum
            return Scenario(
                flow: .reduce(.merge(inputs), seed: 0, Stage.sum), awaitsTermination: true,
                expected: .expect(completions: 1) { fold in fold.add(total) },
                queues: Array(queues[0..<threads]))
        }
    }
}
