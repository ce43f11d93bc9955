import Foundation

/// What each library row shows on its listed differences (LibraryDifferences), as `rxbench conformance` reports
/// them: generated from its output, asserted line by line, so that a change in the events fails the suite.
enum LibraryObserved {
    static let all: [String: [String: [String]]] = observed.merging(["async-channel": asyncChannel]) { listed, _ in listed }

    /// async-stream's, with the row's name in its refusals, and its own subject's differences: the two rows
    /// share every operator.
    private static let asyncChannel = (observed["async-stream"] ?? [:])
        .mapValues { $0.map { $0.replacingOccurrences(of: "async-stream does not", with: "async-channel does not") } }
        .merging([
            "publish subject: a subscriber added during a send gets the next value, not that one": [
                "events [], expected [next(2)@220, next(3)@230, next(3)@230]",
            ],
            "publish subject: a subscriber added during a send gets the next value, not that one [disposed at 221]": [
                "events [], expected [next(2)@220]",
            ],
        ]) { _, channel in channel }

    private static let observed: [String: [String: [String]]] = [
        "opencombine": [
            "publish subject: a sibling disposed during a send gets nothing of it": [
                "events [next(1)@210, completed@210], expected [completed@210]",
            ],
            "distinctUntilChanged by comparer: compares with the last value forwarded": [
                "events [next(1)@210, next(10)@250, completed@260], expected [next(1)@210, next(4)@240, next(10)@250, completed@260]",
            ],
            "flatMap: inner error terminates and disposes outer and inners": [
                "source subscriptions [[(200, 300)], [(210, 235)], [(225, 235)]], expected [[(200, 235)], [(210, 235)], [(225, 235)]]",
            ],
            "replay(2) subject: a late subscriber gets the last 2 values, then live values": [
                "unsupported: opencombine does not support replay(bufferSize: 2) subject: Combine has no replay subject",
            ],
            "replay(2) subject: a late subscriber gets the last 2 values, then live values [disposed at 211]": [
                "unsupported: opencombine does not support replay(bufferSize: 2) subject: Combine has no replay subject",
            ],
            "replay(2) subject: a late subscriber to a completed subject gets the last 2 values, then completed": [
                "unsupported: opencombine does not support replay(bufferSize: 2) subject: Combine has no replay subject",
            ],
            "replay(2) subject: a late subscriber to a failed subject gets the last 2 values, then the error": [
                "unsupported: opencombine does not support replay(bufferSize: 2) subject: Combine has no replay subject",
            ],
            "replay(2) subject: a subscriber before any value gets only live values": [
                "unsupported: opencombine does not support replay(bufferSize: 2) subject: Combine has no replay subject",
            ],
            "replay(2) subject: a subscriber before any value gets only live values [disposed at 211]": [
                "unsupported: opencombine does not support replay(bufferSize: 2) subject: Combine has no replay subject",
            ],
            "replay(3) subject: fewer values than the buffer are all replayed": [
                "unsupported: opencombine does not support replay(bufferSize: 3) subject: Combine has no replay subject",
            ],
            "replayLast subject: a late subscriber to a completed subject gets the last value, then completed": [
                "events [completed@200], expected [next(2)@200, completed@200]",
            ],
            "replayLast subject: a late subscriber to a failed subject gets the last value, then the error": [
                "events [error(1)@200], expected [next(1)@200, error(1)@200]",
            ],
            "single: an answer later; the producer is disposed after it": [
                "journal [\"request@200\"], expected [\"request@200\", \"request disposed@230\"]",
            ],
            "single: dispose before the answer: nothing is delivered, the producer is disposed": [
                "journal [\"request@200\"], expected [\"request@200\", \"request disposed@210\"]",
            ],
            "single: dispose while the second request is pending": [
                "journal [\"first@200\", \"second@210\"], expected [\"first@200\", \"second@210\", \"second disposed@220\"]",
            ],
            "single: the second request answers later": [
                "journal [\"first@200\", \"second@210\"], expected [\"first@200\", \"second@210\", \"second disposed@240\"]",
            ],
            "take(0): completes without subscribing upstream": [
                "events [completed@210], expected [completed@200]",
                "source subscriptions [[(200, 210)]], expected [[]]",
            ],
            "take(1) disposes upstream through a chain": [
                "events [next(11)@210, next(13)@220, completed@230], expected [next(11)@210, next(13)@220, completed@220]",
                "source subscriptions [[(200, 230)]], expected [[(200, 220)]]",
            ],
            "take(2): completes and disposes upstream at the 2nd value": [
                "events [next(1)@210, next(2)@220, completed@230], expected [next(1)@210, next(2)@220, completed@220]",
                "source subscriptions [[(200, 230)]], expected [[(200, 220)]]",
            ],
            "takeUntil: a trigger error is forwarded": [
                "events [next(1)@210, next(3)@240, completed@250], expected [next(1)@210, error(2)@225]",
                "source subscriptions [[(200, 250)], [(200, 225)]], expected [[(200, 225)], [(200, 225)]]",
            ],
            "takeUntil: completes at the trigger's first value, disposing both": [
                "source subscriptions [[(200, 230)], [(200, 260)]], expected [[(200, 230)], [(200, 230)]]",
                "source 1: dispose actions ran [0] times, expected once each",
            ],
            "tap: onSubscribe before the source is subscribed": [
                "journal [\"source@200\", \"subscribe@200\", \"next(1)@200\", \"completed@200\", \"dispose\"], expected [\"subscribe@200\", \"source@200\", \"next(1)@200\", \"completed@200\", \"dispose\"]",
            ],
            "tryDistinctUntilChanged by comparer: values pass as by comparer while the comparer returns": [
                "events [next(1)@210, next(10)@250, completed@260], expected [next(1)@210, next(4)@240, next(10)@250, completed@260]",
            ],
            "tryDistinctUntilChanged by key: the first value's key is taken, and its throw ends the stream": [
                "events [next(11)@210, error(7)@220], expected [error(7)@210]",
                "source subscriptions [[(200, 220)]], expected [[(200, 210)]]",
            ],
            "tryFlatMap: a throw ends with its error and disposes the source and the inner flows at once": [
                "source subscriptions [[(200, 250)], [(210, 220)]], expected [[(200, 220)], [(210, 220)]]",
            ],
        ],
        "async-stream": [
            "merge: a value delivered while subscribing, then an input that fails as it is subscribed": [
                "events [error(1)@200], expected [next(1)@200, error(1)@200]",
            ],
            "combineLatest: synchronous inputs (the first runs to completion before the second)": [
                "events [next(13)@200, next(23)@200, completed@200], expected [next(23)@200, completed@200]",
            ],
            "asyncFilter: error": [
                "events [next(1)@235, next(3)@260, error(1)@260], expected [next(1)@235, error(1)@240]",
            ],
            "asyncFilter: error [disposed at 236]": [
                "source subscriptions [[(200, 240)]], expected [[(200, 236)]]",
            ],
            "asyncFilter: verdicts in arrival order": [
                "events [next(1)@235, next(3)@260, completed@260], expected [next(1)@235, next(3)@250, completed@250]",
            ],
            "asyncFilter: verdicts in arrival order [disposed at 236]": [
                "source subscriptions [[(200, 240)]], expected [[(200, 236)]]",
            ],
            "asyncMap: error": [
                "events [next(10)@235, next(20)@240, error(1)@240], expected [next(20)@225, error(1)@230]",
            ],
            "asyncMap: error [disposed at 226]": [
                "events [], expected [next(20)@225]",
                "source subscriptions [[(200, 230)]], expected [[(200, 226)]]",
            ],
            "asyncMap: replies forwarded in arrival order": [
                "events [next(10)@235, next(20)@240, next(30)@260, completed@260], expected [next(20)@225, next(10)@235, next(30)@250, completed@250]",
            ],
            "asyncMap: replies forwarded in arrival order [disposed at 226]": [
                "events [], expected [next(20)@225]",
                "source subscriptions [[(200, 235)]], expected [[(200, 226)]]",
            ],
            "combineLatest(3): an input without a value leaves it open until the last input completes": [
                "events [completed@215], expected [completed@260]",
                "source subscriptions [[(200, 215)], [(200, 215)], [(200, 215)]], expected [[(200, 240)], [(200, 215)], [(200, 260)]]",
            ],
            "combineLatest: an empty synchronous input leaves it open while another input is": [
                "events [completed@200], expected []",
            ],
            "combineLatest: an input that completes without a value does not end it; completes when all have": [
                "events [completed@210], expected [completed@250]",
                "source subscriptions [[(200, 210)], [(200, 210)]], expected [[(200, 210)], [(200, 250)]]",
            ],
            "combineLatest: another input's values after one completed without a value do not end it": [
                "events [completed@210], expected []",
                "source subscriptions [[(200, 210)], [(200, 210)]], expected [[(200, 1000)], [(200, 210)]]",
            ],
            "concat: a hot input's events before its subscription are missed": [
                "events [next(1)@210, next(2)@230, next(3)@240, completed@250], expected [next(1)@210, next(3)@240, completed@250]",
                "source subscriptions [[(200, 230)], [(200, 250)]], expected [[(200, 230)], [(230, 250)]]",
            ],
            "concat: a hot input's events before its subscription are missed [disposed at 211]": [
                "source subscriptions [[(200, 211)], [(200, 211)]], expected [[(200, 211)], []]",
            ],
            "concat: error stops before the next input": [
                "source subscriptions [[(200, 220)], [(200, 220)]], expected [[(200, 220)], []]",
            ],
            "concat: error stops before the next input [disposed at 211]": [
                "source subscriptions [[(200, 211)], [(200, 211)]], expected [[(200, 211)], []]",
            ],
            "concat: next input subscribed after the previous completed": [
                "events [next(1)@210, next(2)@220, next(3)@230, completed@230], expected [next(1)@210, next(2)@220, next(3)@240, completed@250]",
                "source subscriptions [[(200, 230)], [(200, 220)]], expected [[(200, 230)], [(230, 250)]]",
            ],
            "concat: next input subscribed after the previous completed [disposed at 211]": [
                "source subscriptions [[(200, 211)], [(200, 211)]], expected [[(200, 211)], []]",
            ],
            "deferred: scripted source subscribed per subscription": [
                "events [next(1)@210, next(1)@220, completed@220], expected [next(1)@210, next(1)@230, completed@240]",
                "source subscriptions [[(200, 220), (200, 220)]], expected [[(200, 220), (220, 240)]]",
            ],
            "deferred: scripted source subscribed per subscription [disposed at 211]": [
                "source subscriptions [[(200, 211), (200, 211)]], expected [[(200, 211)]]",
            ],
            "flatMap: inner error terminates and disposes outer and inners": [
                "events [next(11)@220, next(12)@245, next(21)@255, error(1)@260], expected [next(11)@220, next(21)@230, error(1)@235]",
                "source subscriptions [[(200, 260)], [(210, 250)], [(250, 260)]], expected [[(200, 235)], [(210, 235)], [(225, 235)]]",
            ],
            "flatMap: inner flows run concurrently; completes after outer and every inner": [
                "events [next(11)@220, next(12)@245, next(21)@255, completed@265], expected [next(11)@220, next(21)@230, next(12)@245, completed@250]",
                "source subscriptions [[(200, 232)], [(210, 250)], [(250, 265)]], expected [[(200, 232)], [(210, 250)], [(225, 240)]]",
            ],
            "flatMap: outer error disposes the inners": [
                "events [next(11)@220, next(12)@240, error(1)@250], expected [next(11)@220, error(1)@225]",
                "source subscriptions [[(200, 225)], [(210, 250)]], expected [[(200, 225)], [(210, 225)]]",
            ],
            "flatMapLatest: a new inner disposes the previous one at the switch": [
                "unsupported: async-stream does not support flatMapLatest: swift-async-algorithms 1.1.4's flatMapLatest (marked as the package's 1.3 API) crashes or hangs on Linux",
            ],
            "flatMapLatest: a new inner disposes the previous one at the switch [disposed at 221]": [
                "unsupported: async-stream does not support flatMapLatest: swift-async-algorithms 1.1.4's flatMapLatest (marked as the package's 1.3 API) crashes or hangs on Linux",
            ],
            "flatMapLatest: outer error disposes the inner": [
                "unsupported: async-stream does not support flatMapLatest: swift-async-algorithms 1.1.4's flatMapLatest (marked as the package's 1.3 API) crashes or hangs on Linux",
            ],
            "flatMapLatest: outer error disposes the inner [disposed at 221]": [
                "unsupported: async-stream does not support flatMapLatest: swift-async-algorithms 1.1.4's flatMapLatest (marked as the package's 1.3 API) crashes or hangs on Linux",
            ],
            "flatMapLatest: synchronous inners": [
                "unsupported: async-stream does not support flatMapLatest: swift-async-algorithms 1.1.4's flatMapLatest (marked as the package's 1.3 API) crashes or hangs on Linux",
            ],
            "replay(2) subject: a late subscriber gets the last 2 values, then live values": [
                "unsupported: async-stream does not support replay(bufferSize: 2) subject: Swift concurrency has no replay subject",
            ],
            "replay(2) subject: a late subscriber gets the last 2 values, then live values [disposed at 211]": [
                "unsupported: async-stream does not support replay(bufferSize: 2) subject: Swift concurrency has no replay subject",
            ],
            "replay(2) subject: a late subscriber to a completed subject gets the last 2 values, then completed": [
                "unsupported: async-stream does not support replay(bufferSize: 2) subject: Swift concurrency has no replay subject",
            ],
            "replay(2) subject: a late subscriber to a failed subject gets the last 2 values, then the error": [
                "unsupported: async-stream does not support replay(bufferSize: 2) subject: Swift concurrency has no replay subject",
            ],
            "replay(2) subject: a subscriber before any value gets only live values": [
                "unsupported: async-stream does not support replay(bufferSize: 2) subject: Swift concurrency has no replay subject",
            ],
            "replay(2) subject: a subscriber before any value gets only live values [disposed at 211]": [
                "unsupported: async-stream does not support replay(bufferSize: 2) subject: Swift concurrency has no replay subject",
            ],
            "replay(3) subject: fewer values than the buffer are all replayed": [
                "unsupported: async-stream does not support replay(bufferSize: 3) subject: Swift concurrency has no replay subject",
            ],
            "replayLast subject: a late subscriber to a completed subject gets the last value, then completed": [
                "events [completed@200], expected [next(2)@200, completed@200]",
            ],
            "replayLast subject: a late subscriber to a failed subject gets the last value, then the error": [
                "events [error(1)@200], expected [next(1)@200, error(1)@200]",
            ],
            "single: cold: the producer does not run without a subscription": [
                "journal [\"producer@200\"], expected []",
            ],
            "take(0): completes without subscribing upstream": [
                "source subscriptions [[(200, 200)]], expected [[]]",
            ],
            "publish subject: a subscriber added during a send gets the next value, not that one": [
                "events [next(2)@220, next(3)@230], expected [next(2)@220, next(3)@230, next(3)@230]",
            ],
            "publish subject: a sibling disposed during a send gets nothing of it": [
                "unsupported: async-stream does not support takeUntil: no operator (racing two sequences needs a task group)",
            ],
            "takeUntil: a synchronous trigger completes at once": [
                "unsupported: async-stream does not support takeUntil: no operator (racing two sequences needs a task group)",
            ],
            "takeUntil: a trigger error is forwarded": [
                "unsupported: async-stream does not support takeUntil: no operator (racing two sequences needs a task group)",
            ],
            "takeUntil: a trigger error is forwarded [disposed at 211]": [
                "unsupported: async-stream does not support takeUntil: no operator (racing two sequences needs a task group)",
            ],
            "takeUntil: completes at the trigger's first value, disposing both": [
                "unsupported: async-stream does not support takeUntil: no operator (racing two sequences needs a task group)",
            ],
            "takeUntil: completes at the trigger's first value, disposing both [disposed at 211]": [
                "unsupported: async-stream does not support takeUntil: no operator (racing two sequences needs a task group)",
            ],
            "takeUntil: source completion ends it": [
                "unsupported: async-stream does not support takeUntil: no operator (racing two sequences needs a task group)",
            ],
            "takeUntil: source completion ends it [disposed at 211]": [
                "unsupported: async-stream does not support takeUntil: no operator (racing two sequences needs a task group)",
            ],
            "tryDistinctUntilChanged by key: the first value's key is taken, and its throw ends the stream": [
                "events [next(11)@210, error(7)@220], expected [error(7)@210]",
                "source subscriptions [[(200, 220)]], expected [[(200, 210)]]",
            ],
            "tryFlatMap: a throw ends with its error and disposes the source and the inner flows at once": [
                "events [next(100)@215, next(200)@225, error(7)@260], expected [next(100)@215, error(7)@220]",
                "source subscriptions [[(200, 250)], [(210, 260)]], expected [[(200, 220)], [(210, 220)]]",
            ],
            "tryFlatMapLatest: a throw during a synchronous source stops it": [
                "unsupported: async-stream does not support tryFlatMapLatest: swift-async-algorithms 1.1.4's flatMapLatest (marked as the package's 1.3 API) crashes or hangs on Linux",
            ],
            "tryFlatMapLatest: a throw ends with its error and disposes the source and the current inner at once": [
                "unsupported: async-stream does not support tryFlatMapLatest: swift-async-algorithms 1.1.4's flatMapLatest (marked as the package's 1.3 API) crashes or hangs on Linux",
            ],
            "tryFlatMapLatest: a throw ends with its error and disposes the source and the current inner at once [disposed at 216]": [
                "unsupported: async-stream does not support tryFlatMapLatest: swift-async-algorithms 1.1.4's flatMapLatest (marked as the package's 1.3 API) crashes or hangs on Linux",
            ],
            "tryFlatMapLatest: inner values pass as flatMapLatest's while the selector returns": [
                "unsupported: async-stream does not support tryFlatMapLatest: swift-async-algorithms 1.1.4's flatMapLatest (marked as the package's 1.3 API) crashes or hangs on Linux",
            ],
            "tryFlatMapLatest: inner values pass as flatMapLatest's while the selector returns [disposed at 221]": [
                "unsupported: async-stream does not support tryFlatMapLatest: swift-async-algorithms 1.1.4's flatMapLatest (marked as the package's 1.3 API) crashes or hangs on Linux",
            ],
            "tryFlatMapLatest: the current inner sees its dispose at the throw's time": [
                "unsupported: async-stream does not support tryFlatMapLatest: swift-async-algorithms 1.1.4's flatMapLatest (marked as the package's 1.3 API) crashes or hangs on Linux",
            ],
            "tryFlatMapLatest: the current inner sees its dispose at the throw's time [disposed at 216]": [
                "unsupported: async-stream does not support tryFlatMapLatest: swift-async-algorithms 1.1.4's flatMapLatest (marked as the package's 1.3 API) crashes or hangs on Linux",
            ],
            "tryUsing: a throwing body factory fails at subscription and releases the resource": [
                "unsupported: async-stream does not support using: no operator (a consumer uses defer in its own task)",
            ],
            "tryUsing: a throwing resource factory fails at subscription; nothing to release": [
                "unsupported: async-stream does not support using: no operator (a consumer uses defer in its own task)",
            ],
            "tryUsing: the body runs with the resource, released once at completion": [
                "unsupported: async-stream does not support using: no operator (a consumer uses defer in its own task)",
            ],
            "using: acquired at subscription, released once at completion": [
                "unsupported: async-stream does not support using: no operator (a consumer uses defer in its own task)",
            ],
            "using: acquired at subscription, released once at completion [disposed at 211]": [
                "unsupported: async-stream does not support using: no operator (a consumer uses defer in its own task)",
            ],
            "using: body error at subscription releases once": [
                "unsupported: async-stream does not support using: no operator (a consumer uses defer in its own task)",
            ],
            "using: released once at dispose": [
                "unsupported: async-stream does not support using: no operator (a consumer uses defer in its own task)",
            ],
            "using: released once at error": [
                "unsupported: async-stream does not support using: no operator (a consumer uses defer in its own task)",
            ],
            "using: released once at error [disposed at 211]": [
                "unsupported: async-stream does not support using: no operator (a consumer uses defer in its own task)",
            ],
        ],
    ]
}
