// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Ripple",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Ripple", targets: ["Ripple"]),
    ],
    dependencies: [],
    targets: [
        // The runtime: trackers, mediator, registrations.
        .target(name: "Ripple"),
        .testTarget(name: "RippleTests", dependencies: ["Ripple"]),
    ]
)
