// swift-tools-version: 6.0
import PackageDescription

// A separate package that uses Ripple the way an app would: by path, with the build plugin
// generating its model's accessors. `run.sh` builds it and runs its checks.
let package = Package(
    name: "RippleIntegration",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    // Named, because a path dependency is otherwise known by its folder name, which varies.
    dependencies: [.package(name: "Ripple", path: "../..")],
    targets: [
        // A public model in its own module: the generated accessors must be public too, and
        // its ripple.json makes the classes Observable.
        .target(
            name: "LibraryModel",
            dependencies: [.product(name: "Ripple", package: "Ripple")],
            exclude: ["ripple.json"],
            plugins: [.plugin(name: "RipplePlugin", package: "Ripple")]),

        // Registers observers, processors and coordinators and checks when and in which order they fire.
        .executableTarget(
            name: "IntegrationCheck",
            dependencies: ["LibraryModel", .product(name: "Ripple", package: "Ripple")]),
    ]
)
