/// SwiftSignalKit's error type for signals that cannot fail.
public enum NoError: Error {}
