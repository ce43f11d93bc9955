import EngineSupport

/// Live sink objects (sinks, inner subscriptions, subject subscriptions, per-subscription disposables; not the
/// `SinkDisposer` a subscriber holds), for the leak checks (`LiveObjectCount`). Counted in debug builds only.
public enum LiveObjects: LiveObjectCount {
    public static let counter = LiveObjectCounter()

    typealias Token = LiveObjectToken<LiveObjects>
}
