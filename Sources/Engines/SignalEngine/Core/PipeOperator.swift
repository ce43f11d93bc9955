precedencegroup PipeRight {
    associativity: left
    higherThan: DefaultPrecedence
}

infix operator |> : PipeRight

/// `signal |> map { ... } |> filter { ... }`: applies an operator to a signal.
@inline(__always)
public func |> <T, U>(value: T, function: (T) -> U) -> U {
    function(value)
}
