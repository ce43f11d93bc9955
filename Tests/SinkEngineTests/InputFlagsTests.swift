import XCTest
@testable import SinkEngine
import TestSupport

/// The flags of a multi-input sink at the edges of their storage: a word of bits up to 64 inputs, an array with a
/// count beyond. The catalogue's fan-ins (4, 8, 1,000 and 15,000 inputs) never reach exactly 64 inputs, nor set
/// one input's flag twice beyond 64, which the mutation check's sink-inputflags-64 and sink-inputflags-wide-repeat
/// showed (docs/mutation.md).
final class InputFlagsTests: TimeLimitedTestCase {
    /// `all` turns true at the last input's flag, and not before, on either side of the word's width.
    func testAllIsSetByTheLastInputAtEveryWidth() {
        for arity in [1, 2, 63, 64, 65, 128, 200] {
            var flags = InputFlags(arity: arity)
            for index in 0..<(arity - 1) {
                flags.set(index)
                XCTAssertFalse(flags.all, "arity \(arity): \(index + 1) of \(arity) set")
            }
            XCTAssertTrue(flags.allOthers(than: arity - 1), "arity \(arity): every input but the last")
            flags.set(arity - 1)
            XCTAssertTrue(flags.all, "arity \(arity): every input set")
        }
    }

    /// An input's flag set twice counts once: a second value of one input is no other input's first.
    func testAFlagSetTwiceCountsOnce() {
        for arity in [3, 64, 65, 100] {
            var flags = InputFlags(arity: arity)
            flags.set(0)
            flags.set(0)
            for index in 1..<(arity - 1) { flags.set(index) }
            XCTAssertFalse(flags.all, "arity \(arity): input \(arity - 1) has no flag")
            XCTAssertFalse(flags.allOthers(than: 0), "arity \(arity): input \(arity - 1) is not input 0")
            flags.set(arity - 1)
            XCTAssertTrue(flags.all, "arity \(arity)")
        }
    }

    /// combineLatest of exactly 64 inputs: the first combination comes with the 64th input's first value.
    func testCombineLatestOfSixtyFourInputs() {
        let subjects = (0..<64).map { _ in PublishSubject<Int>() }
        let recorder = Recorder<Int>()
        let subscription = Observable<Int>.combineLatest(subjects.map { $0.asObservable() }) { $0.reduce(0, +) }
            .subscribe(recorder.observer)
        subjects[0].onNext(1000)
        for subject in subjects.dropFirst() { subject.onNext(1) }
        subjects[0].onNext(2000)
        XCTAssertEqual(recorder.values, [1063, 2063])
        subscription.dispose()
    }
}
