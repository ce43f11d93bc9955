// swift-tools-version: 6.1
// Real libraries as rows of rxbench: the modelled ones, RxSwift 6.10.2, ReactiveSwift 7.2.1 and SwiftSignalKit
// (Telegram's own files, and beside them the standalone fork; docs/decisions/real-libraries.md says which copies),
// and ReactiveKit 3.21.0, which no engine models; each behind an adapter written through rxbench's public plug-in
// API only, and `rxbench-libraries`, the whole rxbench CLI with the five rows added.
//
// The libraries' sources are not in the repository: `scripts/libraries.sh` puts them, at pinned revisions, in
// Upstream/ (ignored by git). Without them this package still builds: the executable says what to run, and the
// test says "not checked: library sources not present".
import Foundation
import PackageDescription

let sources = Context.packageDirectory + "/Upstream"
let present = ["RxSwift", "ReactiveSwift", "SwiftSignalKit", "Signals", "ReactiveKit"].allSatisfy {
    FileManager.default.fileExists(atPath: "\(sources)/\($0)/.git")
}

/// The entries of `folder` (relative to this package; "" for the package itself) other than `kept`, for the
/// SwiftSignalKit target, whose path is the package itself so that it can take files from two folders.
func entries(of folder: String, except kept: String) -> [String] {
    let path = folder.isEmpty ? Context.packageDirectory : "\(Context.packageDirectory)/\(folder)"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.filter { $0 != kept && !$0.hasPrefix(".") }.map { folder.isEmpty ? $0 : "\(folder)/\($0)" }
}

// Adapters are built as rxbench's own adapters are (docs/adding-an-engine.md): the per-event path specialised
// across the module boundary into rxbench's harness, Swift 5 mode as the libraries themselves.
let adapterSettings: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
    .swiftLanguageMode(.v5),
]
let presence: [SwiftSetting] = present ? [.define("LIBRARY_SOURCES_PRESENT")] : []

var dependencies: [Package.Dependency] = [.package(name: "rxbench", path: "..")]
var targets: [Target] = []
var rows: [Target.Dependency] = []
var libraries: [Target.Dependency] = []

if present {
    // RxSwift, ReactiveSwift and ReactiveKit through their own manifests, as an app gets them (SwiftPM's default
    // settings for a dependency: no unsafe flags, so no cross-module optimisation into the library). ReactiveKit's
    // manifest (tools 5.0) and sources build on Linux as they are: its Darwin-only files are behind
    // `#if os(macOS) || ...` and `#if canImport(Combine)`, and it locks with Foundation's `NSRecursiveLock`.
    dependencies += [
        .package(path: "Upstream/RxSwift"), .package(path: "Upstream/ReactiveSwift"), .package(path: "Upstream/ReactiveKit"),
    ]
    targets += [
        // SwiftSignalKit has no manifest that builds here (Telegram builds it with Bazel; the fork's manifest builds an
        // Objective-C target and uses Darwin's locks): its Swift files are compiled here, unedited, with the shim
        // (Sources/SwiftSignalKitLinux) in the same module, because the shim stands in for Darwin names the
        // library's files use unqualified. Settings as a dependency's. Telegram's copy is the module SwiftSignalKit,
        // the fork (cntrump/Signals) the module Signals.
        signalKitTarget(name: "SwiftSignalKit", folder: "SwiftSignalKit", sources: "Source", shim: "SwiftSignalKitLinux"),
        // The fork's shim is the same files, linked (SwiftPM gives a file to one target only).
        signalKitTarget(name: "Signals", folder: "Signals", sources: "SwiftSignalKit", shim: "SignalsLinux"),
        .target(
            name: "RxSwiftRow",
            dependencies: [.product(name: "RxBenchKit", package: "rxbench"), .product(name: "RxSwift", package: "RxSwift")],
            swiftSettings: adapterSettings),
        .target(
            name: "ReactiveSwiftRow",
            dependencies: [
                .product(name: "RxBenchKit", package: "rxbench"), .product(name: "ReactiveSwift", package: "ReactiveSwift"),
            ],
            swiftSettings: adapterSettings),
        .target(
            name: "SwiftSignalKitRow",
            dependencies: [.product(name: "RxBenchKit", package: "rxbench"), "SwiftSignalKit"],
            swiftSettings: adapterSettings),
        // The same adapter sources (linked), compiled against the fork: `import SwiftSignalKit` there means Signals.
        .target(
            name: "SignalsForkRow",
            dependencies: [.product(name: "RxBenchKit", package: "rxbench"), "Signals"],
            swiftSettings: adapterSettings + [
                .define("SIGNALS_FORK"), .unsafeFlags(["-module-alias", "SwiftSignalKit=Signals"]),
            ]),
        .target(
            name: "ReactiveKitRow",
            dependencies: [.product(name: "RxBenchKit", package: "rxbench"), .product(name: "ReactiveKit", package: "ReactiveKit")],
            swiftSettings: adapterSettings),
    ]
    rows = ["RxSwiftRow", "ReactiveSwiftRow", "SwiftSignalKitRow", "SignalsForkRow", "ReactiveKitRow"]
    libraries = [
        .product(name: "RxSwift", package: "RxSwift"), .product(name: "ReactiveSwift", package: "ReactiveSwift"),
        "SwiftSignalKit", "Signals", .product(name: "ReactiveKit", package: "ReactiveKit"),
    ]
}

/// A SwiftSignalKit copy as a module: the Swift files of Upstream/<folder>/<sources> but ThreadPool.swift (`@objc`,
/// replaced by the shim's), and the shim. Its path is the package itself so that it can take files from two folders.
func signalKitTarget(name: String, folder: String, sources: String, shim: String) -> Target {
    let library = "Upstream/\(folder)/\(sources)"
    let swiftFiles = ((try? FileManager.default.contentsOfDirectory(atPath: "\(Context.packageDirectory)/\(library)")) ?? [])
        .filter { $0.hasSuffix(".swift") && $0 != "ThreadPool.swift" }
    return .target(
        name: name,
        path: ".",
        exclude: entries(of: "", except: "Upstream").filter { $0 != "Sources" }
            + entries(of: "Upstream", except: folder) + entries(of: "Upstream/\(folder)", except: sources)
            + entries(of: "Sources", except: shim)
            + entries(of: library, except: "").filter { !swiftFiles.contains(String($0.split(separator: "/").last!)) },
        sources: [library, "Sources/\(shim)"],
        swiftSettings: [.swiftLanguageMode(.v5)])
}

let package = Package(
    name: "rxbench-libraries",
    platforms: [.macOS(.v15)],
    dependencies: dependencies,
    targets: targets + [
        .executableTarget(
            name: "rxbench-libraries",
            dependencies: [.product(name: "RxBenchKit", package: "rxbench")] + rows,
            swiftSettings: adapterSettings + presence),
        .testTarget(
            name: "LibraryRowTests",
            // The libraries themselves too: ArityFormTests writes each one's arity form by hand.
            dependencies: [.product(name: "RxBenchKit", package: "rxbench")] + rows + libraries,
            // The committed reports, read from the source folder (#filePath), not bundled.
            exclude: ["Expected"],
            swiftSettings: [.swiftLanguageMode(.v5)] + presence),
    ]
)
