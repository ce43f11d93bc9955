import TestSupport
@testable import SubscriberEngine

/// This engine's count of live objects, nil in builds that do not count (release): what TestSupport's
/// checks read.
func liveObjects() -> Int? {
    #if DEBUG
    LiveObjects.count
    #else
    nil
    #endif
}
