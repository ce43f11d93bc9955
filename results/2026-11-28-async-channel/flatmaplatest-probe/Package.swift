// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "flml",
    dependencies: [.package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4")],
    targets: [.executableTarget(name: "flml", dependencies: [.product(name: "AsyncAlgorithms", package: "swift-async-algorithms")])]
)
