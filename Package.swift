// swift-tools-version: 6.1
// rxbench: three reactive engine designs, one operator set, one harness.
//
// The module graph is the architecture:
//   engines (SinkEngine, SignalEngine, SubscriberEngine)   know nothing of workloads or measurement
//   RxBenchCore                                            the vocabulary: Flow, EngineAdapter, results
//   *Adapter                                               translate a Flow into one engine's native chain
//   Workloads                                              the catalogue, as data; knows no engine
//   Measurement (+ CAllocationCounter)                     timing, exact malloc counts, latency
//   Conformance                                            engine-independent marble cases and their runner
//   rxbench                                                the CLI that joins them
import PackageDescription

// Engines and their adapters are generic; the hot path must be specialised for `Int` across the
// module boundary, so every module on it is compiled with cross-module optimisation in release.
let hotPath: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]
// Engines and adapters are written the way the libraries they model are (Swift 5 language mode, with
// their own locks and atomics); thread safety is checked by the race tests under ThreadSanitizer.
let engineSettings: [SwiftSetting] = hotPath + [.swiftLanguageMode(.v5)]

let package = Package(
    name: "rxbench",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "rxbench", targets: ["rxbench"]),
        .library(name: "SinkEngine", targets: ["SinkEngine"]),
        .library(name: "SignalEngine", targets: ["SignalEngine"]),
        .library(name: "SubscriberEngine", targets: ["SubscriberEngine"]),
        .library(name: "RxBenchKit", targets: ["RxBenchCore", "Workloads", "Measurement", "EngineRegistry"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Engines: no dependency on anything in this package.
        .target(name: "SinkEngine", swiftSettings: engineSettings),
        .target(name: "SignalEngine", swiftSettings: engineSettings),
        .target(name: "SubscriberEngine", swiftSettings: engineSettings),

        // Vocabulary shared by adapters, workloads, measurement and the CLI.
        .target(name: "RxBenchCore", swiftSettings: hotPath),

        // One adapter per engine family, plus the reference rows.
        .target(name: "SinkAdapter", dependencies: ["RxBenchCore", "SinkEngine"], swiftSettings: engineSettings),
        .target(name: "SignalAdapter", dependencies: ["RxBenchCore", "SignalEngine"], swiftSettings: engineSettings),
        .target(name: "SubscriberAdapter", dependencies: ["RxBenchCore", "SubscriberEngine"], swiftSettings: engineSettings),
        .target(
            name: "ReferenceAdapters",
            dependencies: ["RxBenchCore"],
            swiftSettings: engineSettings
        ),
        .target(
            name: "EngineRegistry",
            dependencies: [
                "RxBenchCore", "Measurement", "SinkAdapter", "SignalAdapter", "SubscriberAdapter", "ReferenceAdapters",
            ],
            swiftSettings: hotPath
        ),

        .target(name: "Workloads", dependencies: ["RxBenchCore"], swiftSettings: hotPath),
        .target(name: "CAllocationCounter", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "Measurement", dependencies: ["RxBenchCore", "CAllocationCounter"], swiftSettings: hotPath),
        .target(name: "Conformance", dependencies: ["RxBenchCore"]),

        .target(
            name: "RxBenchCLI",
            dependencies: [
                "RxBenchCore", "Workloads", "Measurement", "EngineRegistry",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: hotPath
        ),
        .executableTarget(
            name: "rxbench",
            dependencies: ["RxBenchCLI", "CAllocationCounter", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: hotPath
        ),

        .testTarget(name: "ConformanceTests", dependencies: ["Conformance", "EngineRegistry", "RxBenchCore"]),
        .testTarget(name: "MeasurementTests", dependencies: ["Measurement", "RxBenchCore", "Workloads", "EngineRegistry"]),
        .testTarget(name: "WorkloadTests", dependencies: ["Workloads", "RxBenchCore", "EngineRegistry", "Measurement", "Conformance"]),
        .testTarget(name: "CLITests", dependencies: ["RxBenchCLI"]),
        // Engine-internal tests (disposer races, trampoline depth, ...); behaviour is the conformance suite's.
        .testTarget(name: "SinkEngineTests", dependencies: ["SinkEngine"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "SignalEngineTests", dependencies: ["SignalEngine"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "SubscriberEngineTests", dependencies: ["SubscriberEngine"], swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)
