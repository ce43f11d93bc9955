// swift-tools-version: 6.1
// rxbench's catalogue as package-benchmark (ordo-one/benchmark) targets, for teams that already run that tool.
// Its own package so that the root package's build and `swift test` stay light (docs/benchmarks.md).
//
//   swift package --package-path Benchmarks benchmark list
//   swift package --package-path Benchmarks benchmark --target RxBenchCatalogue
import PackageDescription

let package = Package(
    name: "RxBenchBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The root package: engines, adapters, the catalogue and the harness (product RxBenchKit).
        .package(name: "rxbench", path: ".."),
        // 1.38.1 builds on Swift 6.3 / Linux only with exactly this trait: the default set adds
        // RuntimeInterposer (swift-runtime-interposer, not available here) and the jemalloc trait is gone.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // package-benchmark finds its targets by folder: Benchmarks/<Target>/.
        .executableTarget(
            name: "RxBenchCatalogue",
            dependencies: [
                .product(name: "RxBenchKit", package: "rxbench"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RxBenchCatalogue",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
