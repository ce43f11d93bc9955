import RxBenchCore

// Replay subject with a buffer of n (RxSwift's `ReplaySubject.create(bufferSize:)`): a new subscriber gets
// the latest n values at subscription, then the live events; after the terminal event, the n values and then
// that event.

extension ConformanceCases {
    static let replay: [ConformanceCase] = [
        subjectCase(
            "replay(2) subject: a late subscriber gets the last 2 values, then live values", .replay(bufferSize: 2),
            feeds: [.next(150, 1), .next(160, 2), .next(170, 3), .next(210, 4), .completed(220)],
            expected: [.next(200, 2), .next(200, 3), .next(210, 4), .completed(220)]),
        subjectCase(
            "replay(3) subject: fewer values than the buffer are all replayed", .replay(bufferSize: 3),
            feeds: [.next(150, 1), .next(210, 2)],
            expected: [.next(200, 1), .next(210, 2)]),
        subjectCase(
            "replay(2) subject: a subscriber before any value gets only live values", .replay(bufferSize: 2),
            feeds: [.next(210, 1), .next(220, 2)],
            expected: [.next(210, 1), .next(220, 2)]),
        subjectCase(
            "replay(2) subject: a late subscriber to a completed subject gets the last 2 values, then completed",
            .replay(bufferSize: 2),
            feeds: [.next(150, 1), .next(160, 2), .next(165, 3), .completed(170)],
            expected: [.next(200, 2), .next(200, 3), .completed(200)]),
        subjectCase(
            "replay(2) subject: a late subscriber to a failed subject gets the last 2 values, then the error",
            .replay(bufferSize: 2),
            feeds: [.next(150, 1), .next(160, 2), .next(165, 3), .error(170, 1)],
            expected: [.next(200, 2), .next(200, 3), .error(200, 1)]),
    ]
}
