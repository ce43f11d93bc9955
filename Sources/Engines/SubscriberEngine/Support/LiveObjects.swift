import EngineSupport

/// Live subscriber objects (subscribers, disposables, per-subscription operator state), for the leak checks (`LiveObjectCount`).
/// Counted in debug builds only.
public enum LiveObjects: LiveObjectCount {
    public static let counter = LiveObjectCounter()

    typealias Token = LiveObjectToken<LiveObjects>
}
