// swift-tools-version: 6.1
// rxbench: three reactive engine designs, one operator set, one harness.
//
// The module graph is the architecture (ARCHITECTURE.md: the layers, what each module may import, the rules).
// Sources/ holds one folder per layer:
//   Engines/   SinkEngine, SignalEngine, SubscriberEngine    know nothing of workloads or measurement
//              EngineSupport                                 what the engines share: the lean lock, the live-object counter
//   Rows/      RxBenchCore                                   the vocabulary: Flow, FlowMapping, EngineAdapter, subjects
//              *Adapter, LibraryAdapters, ReferenceAdapters  a row each: one engine's, a library's or the floor's chain
//              EngineRegistry                                the one module that sees every adapter: the rows
//              RxBenchKit                                    the plug-in API: everything below in one import
//   Harness/   Workloads                                     the catalogue, as data; knows no engine
//              Measurement (+ CAllocationCounter)            timing, exact malloc counts, latency
//              Conformance                                   engine-independent marble cases and their runner
//              RxBenchResults                                what a run reports: rows, metrics, summaries, the floor check
//   Command/   RxBenchCLI, rxbench                           the CLI that joins them
import PackageDescription

// Engines and their adapters are generic; the hot path must be specialised for `Int` across the
// module boundary, so every module on it is compiled with cross-module optimisation in release.
let hotPath: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]
// Engines and adapters are written the way the libraries they model are (Swift 5 language mode, with
// their own locks and atomics); thread safety is checked by the race tests under ThreadSanitizer.
let engineSettings: [SwiftSetting] = hotPath + [.swiftLanguageMode(.v5)]
// The engines' own modules also skip the runtime's exclusivity check. Their mutable state is guarded by a lock
// (taken before the access begins) or by the grammar's sequential events, so the lock, not the runtime, makes
// the accesses exclusive. Neither library turns the check off, and the variants built as a dependency keep it
// (below).
let engineModuleSettings: [SwiftSetting] = engineSettings + [.unsafeFlags(["-enforce-exclusivity=unchecked"])]

// Fidelity variants (docs/decisions/fidelity.md; Variants/README.md): an engine's sources compiled again as another
// module under compile-time conditions, so that the default engine carries nothing of its variants, not even a
// branch. This list is the one place a variant is declared. Each variant's folders are the symbolic links in
// Variants/ to its engine's, its adapter's and its engine's Lifecycle tests' folders, and each is compiled with
// `-module-alias` so that those sources' `import SinkEngine` (say) finds the variant's module.
//   SINK_FUSED       `sink-fused`: RxSwift 5's composeMap fusion of consecutive maps.
//   SINK_LOCKED      `sink-locked`: RxSwift 6's locks (AtomicInt as an NSLock subclass, NSRecursiveLock).
//   SIGNAL_LOCKED    `signal-locked`: SwiftSignalKit's pthread mutexes.
//   SUBSCRIBER_LOCKED  `subscriber-locked-dependency`: ReactiveObjC's locks at its places.
//   SUBSCRIBER_DEPENDENCY  `subscriber-dependency`: `subscriber` (whose locks are already at ReactiveObjC's places)
//                    built as below; ReactiveObjC is Objective-C, whose messages are never inlined or
//                    specialised into the app either.
//   *_DEPENDENCY     `sink-locked-dependency`, `signal-locked-dependency`: the locked variant built the way an
//                    app gets a library as a package dependency: SwiftPM's default settings (no unsafe flags are
//                    allowed in a dependency, so no cross-module optimisation into the engine and no
//                    `-enforce-exclusivity=unchecked`: exclusivity checked, the default, as in RxSwift's and
//                    SwiftSignalKit's own builds).
struct EngineVariant {
    /// The engine module compiled again, the variant's module, its adapter module and the conditions.
    let base: String, engine: String, adapter: String, defines: [String]
    /// A locked variant compiles its engine's library-like types (`replacedByLockedTypes`) in place of the lean
    /// ones.
    var lockedTypes: Bool { defines.contains { $0.hasSuffix("_LOCKED") } }
    /// false: the engine module is compiled as a package dependency is (no `-cross-module-optimization`).
    var crossModule = true
    /// The engine's Tests/<base>Tests/Lifecycle (dispose races, disposing twice, leaks, concurrent senders) run
    /// again on the variant: every variant that changes locks or how the engine is built. `sink-fused` changes
    /// neither.
    var lifecycleTests = true

    var targets: [Target] {
        let conditions = defines.map { SwiftSetting.define($0) }
        // `import SinkEngine` in the shared sources means this variant's module.
        let alias = SwiftSetting.unsafeFlags(["-module-alias", "\(base)=\(engine)"])
        let engineModule: [SwiftSetting] = crossModule ? engineModuleSettings : [.swiftLanguageMode(.v5)]
        var targets: [Target] = [
            .target(
                name: engine, dependencies: ["EngineSupport"], path: "Variants/\(engine)",
                exclude: excluded(from: base, lockedTypes: lockedTypes), swiftSettings: engineModule + conditions),
            .target(
                name: adapter, dependencies: ["RxBenchCore", .target(name: engine)], path: "Variants/\(adapter)",
                exclude: identitiesExcept(adapter, base: base), swiftSettings: engineSettings + conditions + [alias]),
        ]
        if lifecycleTests {
            targets.append(
                .testTarget(
                    name: "\(engine)Tests", dependencies: [.target(name: engine), "TestSupport"], path: "Variants/\(engine)Tests",
                    swiftSettings: [.swiftLanguageMode(.v5), alias]))
        }
        return targets
    }
}
/// Where a variant replaces a whole type, the library-like type has a file of its own (one implementation per
/// file): an engine's `Locked/` folder holds them, each replacing the lean file of the same name. Per engine, the
/// lean files so replaced.
let replacedByLockedTypes: [String: [String]] = [
    // RxSwift's trampoline in the thread dictionary, and its sinks' recursive lock held while forwarding.
    "SinkEngine": ["Schedulers/CurrentThreadScheduler.swift", "Core/SerializingSink.swift"],
    // SwiftSignalKit's `Subscriber`, its `Signal` class and its `ValuePipe`.
    "SignalEngine": ["Core/Subscriber.swift", "Core/Signal.swift", "Subjects/Pipe.swift"],
    // RACSubscriber with its disposables.
    "SubscriberEngine": ["Subscribers/ClosureSubscriber.swift"],
]
/// What a build of `engine` leaves out: the lean files its locked types replace, or else those types.
func excluded(from engine: String, lockedTypes locked: Bool) -> [String] {
    guard let replaced = replacedByLockedTypes[engine] else { return [] }
    return locked ? replaced : ["Locked"]
}
/// The adapter module an engine's own build has (`SinkEngine`: `SinkAdapter`).
func adapterModule(of engine: String) -> String { engine.dropLast("Engine".count) + "Adapter" }
/// Each module built from an adapter's folder names its adapter type and gives its row's id in a file of the folder's
/// Identity/ named after the module (`SinkLockedAdapterIdentity.swift`; one implementation per file), and leaves out
/// the others' files.
func identitiesExcept(_ adapter: String, base engine: String) -> [String] {
    let modules = [adapterModule(of: engine)] + variants.filter { $0.base == engine }.map(\.adapter)
    return modules.filter { $0 != adapter }.map { "Identity/\($0)Identity.swift" }
}
let variants = [
    EngineVariant(
        base: "SinkEngine", engine: "SinkEngineFused", adapter: "SinkFusedAdapter", defines: ["SINK_FUSED"],
        lifecycleTests: false),
    EngineVariant(
        base: "SinkEngine", engine: "SinkEngineLocked", adapter: "SinkLockedAdapter", defines: ["SINK_LOCKED"]),
    EngineVariant(
        base: "SinkEngine", engine: "SinkEngineLockedDependency", adapter: "SinkLockedDependencyAdapter",
        defines: ["SINK_LOCKED", "SINK_DEPENDENCY"], crossModule: false),
    EngineVariant(
        base: "SignalEngine", engine: "SignalEngineLocked", adapter: "SignalLockedAdapter", defines: ["SIGNAL_LOCKED"]),
    EngineVariant(
        base: "SignalEngine", engine: "SignalEngineLockedDependency", adapter: "SignalLockedDependencyAdapter",
        defines: ["SIGNAL_LOCKED", "SIGNAL_DEPENDENCY"], crossModule: false),
    EngineVariant(
        base: "SubscriberEngine", engine: "SubscriberEngineDependency", adapter: "SubscriberDependencyAdapter",
        defines: ["SUBSCRIBER_DEPENDENCY"], crossModule: false),
    EngineVariant(
        base: "SubscriberEngine", engine: "SubscriberEngineLockedDependency",
        adapter: "SubscriberLockedDependencyAdapter",
        defines: ["SUBSCRIBER_LOCKED", "SUBSCRIBER_DEPENDENCY"], crossModule: false),
]

let package = Package(
    name: "rxbench",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "rxbench", targets: ["rxbench"]),
        .library(name: "SinkEngine", targets: ["SinkEngine"]),
        .library(name: "SignalEngine", targets: ["SignalEngine"]),
        .library(name: "SubscriberEngine", targets: ["SubscriberEngine"]),
        // The plug-in API: what an out-of-tree adapter needs (EngineAdapter, Flow, the harness, the conformance
        // runner) and `RxBench.main(adding:)`, the whole CLI with extra rows (docs/adding-an-engine.md).
        .library(name: "RxBenchKit", targets: ["RxBenchKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Real libraries, run as rows of role `library` (docs/decisions/real-libraries.md).
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
    ],
    targets: [
        // Sources/ by layer: Engines/, Rows/ (the vocabulary rows are written in, every row, the registry, the plug-in
        // API), Harness/ (workloads, measurement, conformance, what a run reports) and Command/.

        // Engines: no dependency on anything in this package but EngineSupport (their lean lock and live-object counter).
        .target(name: "EngineSupport", path: "Sources/Engines/EngineSupport", swiftSettings: engineSettings),
        .target(
            name: "SinkEngine", dependencies: ["EngineSupport"], path: "Sources/Engines/SinkEngine",
            exclude: excluded(from: "SinkEngine", lockedTypes: false), swiftSettings: engineModuleSettings),
        .target(
            name: "SignalEngine", dependencies: ["EngineSupport"], path: "Sources/Engines/SignalEngine",
            exclude: excluded(from: "SignalEngine", lockedTypes: false), swiftSettings: engineModuleSettings),
        .target(
            name: "SubscriberEngine", dependencies: ["EngineSupport"], path: "Sources/Engines/SubscriberEngine",
            exclude: excluded(from: "SubscriberEngine", lockedTypes: false), swiftSettings: engineModuleSettings),

        // Rows. The vocabulary shared by adapters, workloads, measurement and the CLI.
        .target(name: "RxBenchCore", path: "Sources/Rows/RxBenchCore", swiftSettings: hotPath),
        // One adapter per engine family, plus the reference rows.
        .target(
            name: "SinkAdapter", dependencies: ["RxBenchCore", "SinkEngine"], path: "Sources/Rows/SinkAdapter",
            exclude: identitiesExcept("SinkAdapter", base: "SinkEngine"),
            swiftSettings: engineSettings),
        .target(
            name: "SignalAdapter", dependencies: ["RxBenchCore", "SignalEngine"], path: "Sources/Rows/SignalAdapter",
            exclude: identitiesExcept("SignalAdapter", base: "SignalEngine"),
            swiftSettings: engineSettings),
        .target(
            name: "SubscriberAdapter", dependencies: ["RxBenchCore", "SubscriberEngine"],
            path: "Sources/Rows/SubscriberAdapter",
            exclude: identitiesExcept("SubscriberAdapter", base: "SubscriberEngine"), swiftSettings: engineSettings),
        .target(
            name: "ReferenceAdapters", dependencies: ["RxBenchCore"], path: "Sources/Rows/ReferenceAdapters",
            swiftSettings: engineSettings),
        // Real libraries (role `library`), written against the public API only: they are its proof.
        .target(
            name: "OpenCombineAdapter",
            dependencies: ["RxBenchCore", .product(name: "OpenCombineShim", package: "OpenCombine")],
            path: "Sources/Rows/LibraryAdapters/OpenCombine",
            swiftSettings: engineSettings
        ),
        .target(
            name: "AsyncStreamAdapter",
            dependencies: ["RxBenchCore", .product(name: "AsyncAlgorithms", package: "swift-async-algorithms")],
            path: "Sources/Rows/LibraryAdapters/AsyncStream",
            swiftSettings: engineSettings
        ),
        // Swift's Observation, from the toolchain.
        .target(
            name: "ObservationAdapter",
            dependencies: ["RxBenchCore"],
            path: "Sources/Rows/LibraryAdapters/Observation",
            swiftSettings: engineSettings
        ),
        .target(
            name: "EngineRegistry",
            dependencies: [
                "RxBenchCore", "RxBenchResults", "Measurement", "SinkAdapter", "SignalAdapter", "SubscriberAdapter", "ReferenceAdapters",
                "OpenCombineAdapter", "AsyncStreamAdapter", "ObservationAdapter",
            ] + variants.map { .target(name: $0.adapter) },
            path: "Sources/Rows/EngineRegistry",
            swiftSettings: hotPath
        ),
        // The plug-in API's one import (Sources/Rows/RxBenchKit/RxBenchKit.swift re-exports the modules it names).
        .target(
            name: "RxBenchKit",
            dependencies: ["RxBenchCore", "RxBenchResults", "Workloads", "Measurement", "EngineRegistry", "Conformance", "RxBenchCLI"],
            path: "Sources/Rows/RxBenchKit"),

        // Harness. What a run reports (rows, metrics, summaries, the floor check); adapters never see it.
        .target(
            name: "RxBenchResults", dependencies: ["RxBenchCore"], path: "Sources/Harness/RxBenchResults",
            swiftSettings: hotPath),
        .target(name: "Workloads", dependencies: ["RxBenchCore"], path: "Sources/Harness/Workloads", swiftSettings: hotPath),
        .target(name: "CAllocationCounter", path: "Sources/Harness/CAllocationCounter", linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "Measurement", dependencies: ["RxBenchCore", "RxBenchResults", "CAllocationCounter"],
            path: "Sources/Harness/Measurement", swiftSettings: hotPath),
        .target(name: "Conformance", dependencies: ["RxBenchCore"], path: "Sources/Harness/Conformance"),

        // Command.
        .target(
            name: "RxBenchCLI",
            dependencies: [
                "RxBenchCore", "RxBenchResults", "Workloads", "Measurement", "EngineRegistry", "Conformance",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Command/RxBenchCLI",
            swiftSettings: hotPath
        ),
        .executableTarget(
            name: "rxbench",
            dependencies: ["RxBenchCLI", "CAllocationCounter", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/Command/rxbench",
            swiftSettings: hotPath
        ),

        // What several test targets share (dispose races, disposing twice, the right to run counting engines,
        // time limits): built for the tests only, in no product.
        .target(name: "TestSupport", path: "Tests/Support", swiftSettings: [.swiftLanguageMode(.v5)]),

        .testTarget(
            name: "ConformanceTests", dependencies: ["Conformance", "EngineRegistry", "RxBenchCore", "SinkAdapter", "TestSupport"]),
        .testTarget(
            name: "MeasurementTests",
            dependencies: ["Measurement", "RxBenchCore", "RxBenchResults", "Workloads", "EngineRegistry", "Conformance", "TestSupport"]),
        .testTarget(
            name: "WorkloadTests",
            dependencies: [
                "Workloads", "RxBenchCore", "RxBenchResults", "EngineRegistry", "Measurement", "Conformance", "SinkAdapter",
                "TestSupport",
            ]),
        .testTarget(name: "CLITests", dependencies: ["RxBenchCLI", "EngineRegistry", "Workloads", "Measurement"]),
        // Examples/CustomEngine's sources, linked: the public plug-in API as an out-of-tree row uses it.
        .testTarget(
            name: "PluginAPITests",
            dependencies: ["RxBenchKit"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // Release-built like the adapters, so that the direct chains are specialised as the adapters' are.
        .testTarget(
            name: "AdapterCostTests",
            dependencies: [
                "Measurement", "RxBenchCore", "Conformance", "SinkEngine", "SinkAdapter", "SignalEngine",
                "SignalAdapter", "SubscriberEngine", "SubscriberAdapter", "TestSupport",
            ],
            swiftSettings: engineSettings),
        // Engine-internal tests (disposer races, trampoline depth, ...); behaviour is the conformance suite's.
        .testTarget(name: "SinkEngineTests", dependencies: ["SinkEngine", "TestSupport"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "SignalEngineTests", dependencies: ["SignalEngine", "TestSupport"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "SubscriberEngineTests", dependencies: ["SubscriberEngine", "TestSupport"], swiftSettings: [.swiftLanguageMode(.v5)]),
    ] + variants.flatMap(\.targets)
)
