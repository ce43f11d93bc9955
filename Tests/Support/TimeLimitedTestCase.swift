import Dispatch
import Foundation
import XCTest

/// An XCTestCase whose every test has a time limit. corelibs XCTest (Linux) has no
/// `executionTimeAllowance`, and a bug that makes a test loop would hold CI until its own limit; here a
/// watchdog names the test and stops the run instead. Linked into each engine's test target.
open class TimeLimitedTestCase: XCTestCase {
    /// Seconds one test may take: far above any test's time on a loaded 2-core machine (the longest, the
    /// dispose races, take about 20 s).
    open class var timeLimit: Int { 300 }

    open override func invokeTest() {
        let name = self.name
        let limit = Self.timeLimit
        let watchdog = DispatchWorkItem {
            FileHandle.standardError.write(
                Data("error: \(name) ran longer than its time limit of \(limit) s; stopping the test run\n".utf8))
            exit(1)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(limit), execute: watchdog)
        defer { watchdog.cancel() }
        super.invokeTest()
    }
}
