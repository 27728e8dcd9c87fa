// swift-tools-version: 6.2
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
        // its ripple.json makes the classes Observable and saved as documents.
        .target(
            name: "LibraryModel",
            dependencies: [.product(name: "Ripple", package: "Ripple")],
            exclude: ["ripple.json"],
            plugins: [.plugin(name: "RipplePlugin", package: "Ripple")]),

        // A model in a target isolated to the main actor by default, as app targets are made
        // today: classes main-actor by default or explicitly, one nonisolated, and hooks of each;
        // Observable and saved as documents (its ripple.json).
        .target(
            name: "MainActorModel",
            dependencies: [.product(name: "Ripple", package: "Ripple")],
            exclude: ["ripple.json"],
            swiftSettings: [.defaultIsolation(MainActor.self)],
            plugins: [.plugin(name: "RipplePlugin", package: "Ripple")]),

        // A nonisolated target whose model mixes isolations: `@MainActor` nodes and hooks under a
        // nonisolated root.
        .target(
            name: "MixedModel",
            dependencies: [.product(name: "Ripple", package: "Ripple")],
            plugins: [.plugin(name: "RipplePlugin", package: "Ripple")]),

        // A public model saved and opened as documents (its ripple.json), in a nonisolated target:
        // every saved shape, a nested class, a `@MainActor` class under a nonisolated root, a
        // document version and its migration. The generator's Documents reference fixture.
        .target(
            name: "DocumentsModel",
            dependencies: [.product(name: "Ripple", package: "Ripple")],
            exclude: ["ripple.json"],
            plugins: [.plugin(name: "RipplePlugin", package: "Ripple")]),

        // The app: registers observers, processors and coordinators and checks when and in which
        // order they fire, and runs each model's updates, hooks and background work. Main-actor
        // by default, as an app target made today.
        .executableTarget(
            name: "IntegrationCheck",
            dependencies: [
                "LibraryModel", "MainActorModel", "MixedModel", "DocumentsModel", .product(name: "Ripple", package: "Ripple"),
            ],
            swiftSettings: [.defaultIsolation(MainActor.self)]),
    ]
)
