import Testing

/// Runs each test case of the suite or test it marks holding `EngineExclusivity`, the right to run counting
/// engines: the engines' live-object counters are process-wide and Swift Testing runs suites in parallel,
/// so a suite that keeps engine objects alive (a hundred siblings, a leak on purpose) while another checks
/// the balance makes that check fail, or pass by luck. Every suite that runs an engine in this process
/// carries it (seen with busy processes beside `swift test`: a stress row began while a disposal-order test
/// held 1,111 of sink's objects and ended after it freed them, "live objects 0, not back to their start
/// (1111)").
package struct EngineExclusiveTrait: SuiteTrait, TestTrait, TestScoping {
    /// Applied to a suite, it reaches the suite's tests: Swift Testing passes only recursive traits down.
    package var isRecursive: Bool { true }

    /// Each test case takes the right on its own; the suite as a whole does not hold it, so that suites
    /// interleave case by case instead of one waiting for another to end.
    package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await EngineExclusivity.acquire()
        defer { EngineExclusivity.release() }
        try await Self.$holdsTheRight.withValue(true) { try await function() }
    }

    /// Whether the running test case holds the right through this trait: a test asserts it, so that a suite
    /// whose trait stopped reaching its tests fails instead of checking balances unguarded.
    @TaskLocal package static var holdsTheRight = false
}

extension Trait where Self == EngineExclusiveTrait {
    /// Each test case runs holding the right to run counting engines (`EngineExclusiveTrait`).
    package static var engineExclusive: Self { Self() }
}
