// swift-tools-version: 6.1
// An out-of-tree row for rxbench: a toy engine added through the public plug-in API (RxBenchKit), run with
// the whole CLI and the conformance report. See docs/adding-an-engine.md.
import PackageDescription

let package = Package(
    name: "CustomEngine",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "rxbench", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "CustomEngine",
            dependencies: [.product(name: "RxBenchKit", package: "rxbench")],
            // As rxbench's own adapters: specialise the adapter's hot path across the module boundary, and the
            // Swift 5 language mode of a library with its own locks (thread safety is the engine's business).
            swiftSettings: [
                .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
                .swiftLanguageMode(.v5),
            ]
        ),
    ]
)
