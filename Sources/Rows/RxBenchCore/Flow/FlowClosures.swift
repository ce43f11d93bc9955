/// The closures a `Flow` carries, `Sendable`, so that flows can be shared across threads. Each carries a name:
/// where a workload or a conformance case builds one, the name says in words what the closure does (nothing
/// prints a flow; the names are for the reader of the catalogue). One small struct per closure shape, rather
/// than one generic wrapper, so that an adapter's translation reads `transform.apply`, `predicate.test`,
/// `accumulator.combine`: the shapes differ in the name of their one call, which is the point of each.
///
/// The shapes a generic operator takes (a transform, a predicate, an accumulator, a key, a comparer, a
/// combiner) are generic over `Value`, and flows use them at `Int` (`IntTransform` is `FlowTransform<Int>`).
/// The parameter is there for how Swift stores the closure, not for other types:
/// - A closure literal is compiled at the abstraction of where it is passed. Passed to a library's generic
///   `map`, as its users write it, it takes its argument and gives its result through memory; written in plain
///   Swift at `(Int) -> Int`, in registers.
/// - A closure value made at one abstraction and handed to the other is wrapped in a reabstraction thunk:
///   allocated where it is handed over (per operator, per translation) and run on every value.
/// - So each struct stores its closure as the generic operators take it (what every library row and engine is
///   given), and the transforms, predicates and accumulators that plain Swift calls (the floor's `map`,
///   `filter`, `compactMap`, `scan`) carry the same closure written a second time (`plain`), which the
///   workloads give and a test checks against the first.
/// - The closures are stored without `@Sendable`: a `@Sendable` closure handed to a library's parameter, which
///   is not `@Sendable`, is converted, and Swift then wraps it twice. Each init takes a `@Sendable` closure, so
///   each struct is `Sendable` by construction: that is what its `@unchecked` rests on.
/// docs/decisions/flow-closures.md has the measurements.

public struct FlowTransform<Value>: @unchecked Sendable {
    public let name: String
    public let apply: (Value) -> Value
    /// The same closure written again at `(Int) -> Int` (`plain(_:)`), for plain Swift to call; nil where the flow
    /// gives none.
    public let plainApply: ((Int) -> Int)?
    public init(_ name: String, _ apply: @escaping @Sendable (Value) -> Value) {
        self.name = name
        self.apply = apply
        plainApply = nil
    }
    private init(_ other: FlowTransform, plainApply: @escaping @Sendable (Int) -> Int) {
        name = other.name
        apply = other.apply
        self.plainApply = plainApply
    }
}
public typealias IntTransform = FlowTransform<Int>

extension FlowTransform where Value == Int {
    /// This transform with `body`, the same closure written again, as plain Swift's own (FlowClosures.swift's
    /// header: a literal is compiled at the abstraction of where it is passed).
    public func plain(_ body: @escaping @Sendable (Int) -> Int) -> FlowTransform { FlowTransform(self, plainApply: body) }
    public static var identity: FlowTransform { FlowTransform("identity") { $0 }.plain { $0 } }
}

public struct FlowPartialTransform<Value>: @unchecked Sendable {
    public let name: String
    public let apply: (Value) -> Value?
    /// The same closure written again at `(Int) -> Int?` (FlowTransform's `plainApply`).
    public let plainApply: ((Int) -> Int?)?
    public init(_ name: String, _ apply: @escaping @Sendable (Value) -> Value?) {
        self.name = name
        self.apply = apply
        plainApply = nil
    }
    private init(_ other: FlowPartialTransform, plainApply: @escaping @Sendable (Int) -> Int?) {
        name = other.name
        apply = other.apply
        self.plainApply = plainApply
    }
}
public typealias IntPartialTransform = FlowPartialTransform<Int>

extension FlowPartialTransform where Value == Int {
    /// This transform with `body`, the same closure written again, as plain Swift's own (FlowTransform's `plain`).
    public func plain(_ body: @escaping @Sendable (Int) -> Int?) -> FlowPartialTransform {
        FlowPartialTransform(self, plainApply: body)
    }
}

public struct FlowPredicate<Value>: @unchecked Sendable {
    public let name: String
    public let test: (Value) -> Bool
    /// The same closure written again at `(Int) -> Bool` (FlowTransform's `plainApply`).
    public let plainTest: ((Int) -> Bool)?
    public init(_ name: String, _ test: @escaping @Sendable (Value) -> Bool) {
        self.name = name
        self.test = test
        plainTest = nil
    }
    private init(_ other: FlowPredicate, plainTest: @escaping @Sendable (Int) -> Bool) {
        name = other.name
        test = other.test
        self.plainTest = plainTest
    }
}
public typealias IntPredicate = FlowPredicate<Int>

extension FlowPredicate where Value == Int {
    /// This predicate with `body`, the same closure written again, as plain Swift's own (FlowTransform's `plain`).
    public func plain(_ body: @escaping @Sendable (Int) -> Bool) -> FlowPredicate { FlowPredicate(self, plainTest: body) }
    public static var always: FlowPredicate { FlowPredicate("always") { _ in true }.plain { _ in true } }
}

public struct FlowAccumulator<Value>: @unchecked Sendable {
    public let name: String
    public let combine: (Value, Value) -> Value
    /// The same closure written again at `(Int, Int) -> Int` (FlowTransform's `plainApply`).
    public let plainCombine: ((Int, Int) -> Int)?
    public init(_ name: String, _ combine: @escaping @Sendable (Value, Value) -> Value) {
        self.name = name
        self.combine = combine
        plainCombine = nil
    }
    private init(_ other: FlowAccumulator, plainCombine: @escaping @Sendable (Int, Int) -> Int) {
        name = other.name
        combine = other.combine
        self.plainCombine = plainCombine
    }
}
public typealias IntAccumulator = FlowAccumulator<Int>

extension FlowAccumulator where Value == Int {
    public static var sum: FlowAccumulator { FlowAccumulator("sum") { $0 &+ $1 }.plain { $0 &+ $1 } }
    /// This accumulator with `body`, the same closure written again, as plain Swift's own (FlowTransform's
    /// `plain`).
    public func plain(_ body: @escaping @Sendable (Int, Int) -> Int) -> FlowAccumulator {
        FlowAccumulator(self, plainCombine: body)
    }
}

/// The key a value is compared by (`Flow.distinctUntilChangedByKey`).
public struct FlowKey<Value>: @unchecked Sendable {
    public let name: String
    public let key: (Value) -> Value
    public init(_ name: String, _ key: @escaping @Sendable (Value) -> Value) { self.name = name; self.key = key }
}
public typealias IntKey = FlowKey<Int>

/// Whether two values count as equal (`Flow.distinctUntilChangedByComparer`).
public struct FlowEquivalence<Value>: @unchecked Sendable {
    public let name: String
    public let areEqual: (Value, Value) -> Bool
    public init(_ name: String, _ areEqual: @escaping @Sendable (Value, Value) -> Bool) {
        self.name = name
        self.areEqual = areEqual
    }
}
public typealias IntEquivalence = FlowEquivalence<Int>

// A closure alone, for a row's own closure to capture when it calls one (`let value = transform.function`, then
// `{ just(value($0)) }`): the capture is the size of the function, not of the struct with its name, and the
// closure stays at the abstraction the flow stores it at. Taken out as `(Int) -> Int`, Swift would wrap it in a
// reabstraction thunk, allocated per translation.
extension FlowTransform {
    public struct Function: @unchecked Sendable {
        public let apply: (Value) -> Value
        @inline(__always) public func callAsFunction(_ value: Value) -> Value { apply(value) }
    }
    public var function: Function { Function(apply: apply) }
}
extension FlowPartialTransform {
    public struct Function: @unchecked Sendable {
        public let apply: (Value) -> Value?
        @inline(__always) public func callAsFunction(_ value: Value) -> Value? { apply(value) }
    }
    public var function: Function { Function(apply: apply) }
}
extension FlowPredicate {
    public struct Function: @unchecked Sendable {
        public let test: (Value) -> Bool
        @inline(__always) public func callAsFunction(_ value: Value) -> Bool { test(value) }
    }
    public var function: Function { Function(test: test) }
}
extension FlowAccumulator {
    public struct Function: @unchecked Sendable {
        public let combine: (Value, Value) -> Value
        @inline(__always) public func callAsFunction(_ total: Value, _ value: Value) -> Value { combine(total, value) }
    }
    public var function: Function { Function(combine: combine) }
}
extension FlowKey {
    public struct Function: @unchecked Sendable {
        public let key: (Value) -> Value
        @inline(__always) public func callAsFunction(_ value: Value) -> Value { key(value) }
    }
    public var function: Function { Function(key: key) }
}

// The closures as throwing ones, for operators whose closure may throw (RxSwift's `map`, `filter`, `scan`...).
// Converted here, where `Value` is generic, a non-throwing closure becomes a throwing one at the same abstraction
// with no thunk (the two conventions agree); converted at `Int`, Swift wraps it twice.
extension FlowTransform {
    public var throwingApply: (Value) throws -> Value { apply }
}
extension FlowPartialTransform {
    public var throwingApply: (Value) throws -> Value? { apply }
}
extension FlowPredicate {
    public var throwingTest: (Value) throws -> Bool { test }
}
extension FlowAccumulator {
    public var throwingCombine: (Value, Value) throws -> Value { combine }
}
extension FlowKey {
    public var throwingKey: (Value) throws -> Value { key }
}
extension FlowEquivalence {
    public var throwingAreEqual: (Value, Value) throws -> Bool { areEqual }
}

/// A key selector that may throw (`Flow.tryDistinctUntilChangedByKey`).
public struct ThrowingIntKey: Sendable {
    public let name: String
    public let key: @Sendable (Int) throws(BenchError) -> Int
    public init(_ name: String, _ key: @escaping @Sendable (Int) throws(BenchError) -> Int) {
        self.name = name
        self.key = key
    }
}

/// A comparer that may throw (`Flow.tryDistinctUntilChangedByComparer`); it gets (previous forwarded, new).
public struct ThrowingIntEquivalence: Sendable {
    public let name: String
    public let areEqual: @Sendable (Int, Int) throws(BenchError) -> Bool
    public init(_ name: String, _ areEqual: @escaping @Sendable (Int, Int) throws(BenchError) -> Bool) {
        self.name = name
        self.areEqual = areEqual
    }
}

/// A transform that may throw: the closure of a throwing `map` (`Flow.tryMap`). Typed as throwing
/// `BenchError` so that engines with a typed error channel carry the error without a cast.
public struct ThrowingIntTransform: Sendable {
    public let name: String
    public let apply: @Sendable (Int) throws(BenchError) -> Int
    public init(_ name: String, _ apply: @escaping @Sendable (Int) throws(BenchError) -> Int) {
        self.name = name
        self.apply = apply
    }
}

/// A predicate that may throw (`Flow.tryFilter`).
public struct ThrowingIntPredicate: Sendable {
    public let name: String
    public let test: @Sendable (Int) throws(BenchError) -> Bool
    public init(_ name: String, _ test: @escaping @Sendable (Int) throws(BenchError) -> Bool) {
        self.name = name
        self.test = test
    }
}

/// An accumulator that may throw (`Flow.tryScan`).
public struct ThrowingIntAccumulator: Sendable {
    public let name: String
    public let combine: @Sendable (Int, Int) throws(BenchError) -> Int
    public init(_ name: String, _ combine: @escaping @Sendable (Int, Int) throws(BenchError) -> Int) {
        self.name = name
        self.combine = combine
    }
}

/// A flatMap selector that may throw (`Flow.tryFlatMap`, `Flow.tryFlatMapLatest`).
public struct ThrowingFlowSelector: Sendable {
    public let name: String
    public let select: @Sendable (Int) throws(BenchError) -> Flow
    public init(_ name: String, _ select: @escaping @Sendable (Int) throws(BenchError) -> Flow) {
        self.name = name
        self.select = select
    }

    /// The selector in the form of libraries whose selectors cannot throw: a throw becomes a failing inner
    /// flow (SwiftSignalKit's `mapToSignal` returning `.fail`, ReactiveObjC's `[RACSignal error:]`).
    public var failingInner: FlowSelector {
        let select = self.select
        return FlowSelector(name) { value in
            do throws(BenchError) { return try select(value) } catch { return .fail(error) }
        }
    }
}

/// A catch handler that may throw (`Flow.tryCatchError`).
public struct ThrowingErrorHandler: Sendable {
    public let name: String
    public let recover: @Sendable (BenchError) throws(BenchError) -> Flow
    public init(_ name: String, _ recover: @escaping @Sendable (BenchError) throws(BenchError) -> Flow) {
        self.name = name
        self.recover = recover
    }

    /// The handler in the form of libraries whose handlers cannot throw: a throw becomes a failing
    /// continuation (`.fail`), which is what such libraries' users return.
    public var failingContinuation: ErrorHandler {
        let recover = self.recover
        return ErrorHandler(name) { error in
            do throws(BenchError) { return try recover(error) } catch { return .fail(error) }
        }
    }
}

/// The resource of `tryUsing`: `acquire` may throw (then nothing is released).
public struct ThrowingResourceHooks: Sendable {
    public let acquire: @Sendable () throws(BenchError) -> Int
    public let release: @Sendable (Int) -> Void
    public init(acquire: @escaping @Sendable () throws(BenchError) -> Int, release: @escaping @Sendable (Int) -> Void) {
        self.acquire = acquire
        self.release = release
    }
}

/// The body of `tryUsing`, given the acquired resource; it may throw.
public struct ThrowingResourceFlow: Sendable {
    public let make: @Sendable (Int) throws(BenchError) -> Flow
    public init(_ make: @escaping @Sendable (Int) throws(BenchError) -> Flow) { self.make = make }
}

extension Flow {
    /// `tryUsing` for libraries whose `using` factories cannot throw: acquire at subscription (`deferred`),
    /// a failed acquire is a `.fail`; the acquired value is handed to a plain `using`, whose body answers
    /// `.fail` when the body factory throws, so the resource is still released when that ends.
    public static func usingFailingFactories(_ hooks: ThrowingResourceHooks, _ body: ThrowingResourceFlow) -> Flow {
        .deferred(FlowFactory("tryUsing") {
            let acquired: Int
            do throws(BenchError) { acquired = try hooks.acquire() } catch { return .fail(error) }
            return .using(
                ResourceHooks(acquire: { acquired }, release: hooks.release),
                ResourceFlow { resource in
                    do throws(BenchError) { return try body.make(resource) } catch { return .fail(error) }
                })
        })
    }
}

/// Combines the latest (or n-th) values of several inputs. Engines with fixed-arity operators call
/// `arity2`/`arity4`; the general form receives the values in input order.
public struct FlowCombiner<Value>: @unchecked Sendable {
    public let name: String
    public let combine: ([Value]) -> Value
    public let arity2: (Value, Value) -> Value
    public let arity3: (Value, Value, Value) -> Value
    public let arity4: (Value, Value, Value, Value) -> Value

    public init(
        _ name: String,
        combine: @escaping @Sendable ([Value]) -> Value,
        arity2: @escaping @Sendable (Value, Value) -> Value,
        arity3: @escaping @Sendable (Value, Value, Value) -> Value,
        arity4: @escaping @Sendable (Value, Value, Value, Value) -> Value
    ) {
        self.name = name
        self.combine = combine
        self.arity2 = arity2
        self.arity3 = arity3
        self.arity4 = arity4
    }
}
public typealias IntCombiner = FlowCombiner<Int>

extension FlowCombiner {
    public var throwingArity2: (Value, Value) throws -> Value { arity2 }
    public var throwingArity3: (Value, Value, Value) throws -> Value { arity3 }
    public var throwingArity4: (Value, Value, Value, Value) throws -> Value { arity4 }
    public var throwingCombine: ([Value]) throws -> Value { combine }
}

extension FlowCombiner {
    /// `arity2` alone, for a row's closure to capture (FlowTransform's `function`); likewise the others.
    public struct Arity2: @unchecked Sendable {
        public let combine: (Value, Value) -> Value
        @inline(__always) public func callAsFunction(_ a: Value, _ b: Value) -> Value { combine(a, b) }
    }
    public struct Arity3: @unchecked Sendable {
        public let combine: (Value, Value, Value) -> Value
        @inline(__always) public func callAsFunction(_ a: Value, _ b: Value, _ c: Value) -> Value { combine(a, b, c) }
    }
    public struct Arity4: @unchecked Sendable {
        public let combine: (Value, Value, Value, Value) -> Value
        @inline(__always) public func callAsFunction(_ a: Value, _ b: Value, _ c: Value, _ d: Value) -> Value {
            combine(a, b, c, d)
        }
    }
    public struct AnyArity: @unchecked Sendable {
        public let combine: ([Value]) -> Value
        @inline(__always) public func callAsFunction(_ values: [Value]) -> Value { combine(values) }
    }
    public var function2: Arity2 { Arity2(combine: arity2) }
    public var function3: Arity3 { Arity3(combine: arity3) }
    public var function4: Arity4 { Arity4(combine: arity4) }
    public var function: AnyArity { AnyArity(combine: combine) }
}

extension FlowCombiner where Value == Int {
    /// The value of the first input (RxSwift's benchmark: `{ x, _, _, _ in x }`).
    public static var first: FlowCombiner {
        FlowCombiner(
            "first", combine: { $0[0] }, arity2: { a, _ in a }, arity3: { a, _, _ in a }, arity4: { a, _, _, _ in a })
    }
    /// The sum of all inputs.
    public static var sum: FlowCombiner {
        FlowCombiner(
            "sum", combine: { $0.reduce(0, &+) }, arity2: { $0 &+ $1 }, arity3: { $0 &+ $1 &+ $2 },
            arity4: { $0 &+ $1 &+ $2 &+ $3 })
    }
    /// Input values as decimal digits in input order (a, b) -> 10a + b: checks argument order.
    public static var digits: FlowCombiner {
        FlowCombiner(
            "digits", combine: { $0.reduce(0) { $0 &* 10 &+ $1 } }, arity2: { $0 &* 10 &+ $1 },
            arity3: { $0 &* 100 &+ $1 &* 10 &+ $2 }, arity4: { $0 &* 1000 &+ $1 &* 100 &+ $2 &* 10 &+ $3 })
    }
}

/// Builds an inner flow for each value (flatMap, flatMapLatest).
public struct FlowSelector: Sendable {
    public let name: String
    public let select: @Sendable (Int) -> Flow
    /// True when every inner flow is `just(justValue(value))`. Adapters then build their engine's native
    /// `just` directly, as a user's `flatMap { just(f($0)) }` does, so that no `Flow` is made or translated
    /// per value inside a measured run. Workloads use only such selectors (a catalogue test checks it);
    /// general selectors are for conformance cases, where nothing is timed.
    public let returnsJust: Bool
    /// What the inner `just` carries, from the outer value (identity for general selectors, which never use it).
    public let justValue: IntTransform

    public init(_ name: String, _ select: @escaping @Sendable (Int) -> Flow) {
        self.name = name
        self.select = select
        returnsJust = false
        justValue = .identity
    }

    private init(just transform: IntTransform, named name: String) {
        self.name = name
        select = { .just(transform.apply($0)) }
        returnsJust = true
        justValue = transform
    }

    /// `{ x in just(x) }`, RxSwift's FlatMaps benchmark.
    public static let just = FlowSelector(just: .identity, named: "just")

    /// `{ x in just(transform(x)) }`: a stage the checksum sees (a dropped flatMap changes the value).
    public static func just(mapping transform: IntTransform) -> FlowSelector {
        FlowSelector(just: transform, named: "just(\(transform.name))")
    }
}

/// Builds a flow at subscription time (`deferred`).
public struct FlowFactory: Sendable {
    public let name: String
    public let make: @Sendable () -> Flow
    public init(_ name: String, _ make: @escaping @Sendable () -> Flow) { self.name = name; self.make = make }
}

/// Builds the continuation after an error (`catchError`).
public struct ErrorHandler: Sendable {
    public let name: String
    public let recover: @Sendable (BenchError) -> Flow
    public init(_ name: String, _ recover: @escaping @Sendable (BenchError) -> Flow) {
        self.name = name
        self.recover = recover
    }
}

/// An asynchronous transform: it must call `reply` at most once, now or later, from any thread.
public struct AsyncTransform: Sendable {
    public let name: String
    public let start: @Sendable (_ value: Int, _ reply: @escaping @Sendable (Int) -> Void) -> Void
    public init(_ name: String, _ start: @escaping @Sendable (Int, @escaping @Sendable (Int) -> Void) -> Void) {
        self.name = name
        self.start = start
    }
}

/// An asynchronous predicate: it must call `reply` at most once, now or later, from any thread.
public struct AsyncPredicate: Sendable {
    public let name: String
    public let start: @Sendable (_ value: Int, _ reply: @escaping @Sendable (Bool) -> Void) -> Void
    public init(_ name: String, _ start: @escaping @Sendable (Int, @escaping @Sendable (Bool) -> Void) -> Void) {
        self.name = name
        self.start = start
    }
}

/// Side effects for `tap` (RxSwift's `do`); every hook is optional.
public struct TapHooks: Sendable {
    public var onSubscribe: (@Sendable () -> Void)?
    public var onNext: (@Sendable (Int) -> Void)?
    public var onError: (@Sendable (BenchError) -> Void)?
    public var onCompleted: (@Sendable () -> Void)?
    public var onDispose: (@Sendable () -> Void)?
    public init(
        onSubscribe: (@Sendable () -> Void)? = nil, onNext: (@Sendable (Int) -> Void)? = nil,
        onError: (@Sendable (BenchError) -> Void)? = nil, onCompleted: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) {
        self.onSubscribe = onSubscribe
        self.onNext = onNext
        self.onError = onError
        self.onCompleted = onCompleted
        self.onDispose = onDispose
    }
}

/// The resource of `using`: acquired at subscription, released exactly once when the subscription ends
/// (terminal event or dispose).
public struct ResourceHooks: Sendable {
    public let acquire: @Sendable () -> Int
    public let release: @Sendable (Int) -> Void
    public init(acquire: @escaping @Sendable () -> Int, release: @escaping @Sendable (Int) -> Void) {
        self.acquire = acquire
        self.release = release
    }
}

/// The body of `using`, given the acquired resource.
public struct ResourceFlow: Sendable {
    public let make: @Sendable (Int) -> Flow
    public init(_ make: @escaping @Sendable (Int) -> Flow) { self.make = make }
}
