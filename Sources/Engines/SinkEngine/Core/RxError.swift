/// Errors the engine itself produces (RxSwift's `RxError`, the cases this engine needs).
public enum RxError: Error, Equatable {
    /// `asSingle()` of a sequence that completed without an element.
    case noElements
    /// `asSingle()` of a sequence that sent a second element.
    case moreThanOneElement
}
