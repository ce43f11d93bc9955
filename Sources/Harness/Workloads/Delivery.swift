import Dispatch
import RxBenchCore

/// Delivery across a serial queue: every event is handed to another thread.
enum Delivery {
    static let queue = DispatchQueue(label: "rxbench.delivery")

    static let all: [Workload] = [
        Workload(
            name: "ObserveOnSerialQueue", group: "queue", summary: "create -> observeOn(serial queue) -> subscribe",
            shape: .pumping, defaultSize: 100_000
        ) { events in
            Scenario(
                flow: .observeOn(Stage.pump(events, thenComplete: true), .serial(queue)), awaitsTermination: true,
                expected: .expect(completions: 1) { fold in for value in 0..<events { fold.add(value) } },
                queues: [queue])
        }
    ]
}
