import TestSupport
@testable import SignalEngine

/// This engine's count of live objects, nil in builds that do not count (release): what TestSupport's
/// checks read.
func liveObjects() -> Int? {
    #if DEBUG
    LiveObjects.count
    #else
    nil
    #endif
}

#if DEBUG
/// TestSupport's `settledLiveObjects` on this engine's counter.
func settledLiveObjects(expecting expected: Int) -> Int {
    TestSupport.settledLiveObjects({ LiveObjects.count }, expecting: expected)
}
#endif
