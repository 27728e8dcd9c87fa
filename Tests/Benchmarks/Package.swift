// swift-tools-version: 6.0
import PackageDescription

// Benchmarks that link what they compare against, in a package of their own so that a build of
// Ripple's own package compiles none of them and links nothing more. Uses Ripple by path, as an
// app would, with the build plugin generating its models' code. Run from the repository's root:
//
//     swift run -c release --package-path Tests/Benchmarks ripple-bench
//     swift run -c release --package-path Tests/Benchmarks durability-bench
let package = Package(
    name: "RippleBenchmarks",
    platforms: [.macOS(.v14)],
    // Named, because a path dependency is otherwise known by its folder name, which varies.
    dependencies: [.package(name: "Ripple", path: "../..")],
    targets: [
        // Ripple's speed claims, side by side with plain properties and Observation: a model
        // built through RipplePlugin with "documents": true (its ripple.json), and the generator
        // (the ripple-gen that the plugin builds beside it) over files without annotations.
        .executableTarget(
            name: "ripple-bench",
            dependencies: [
                .product(name: "Ripple", package: "Ripple"), "BenchReport", "RippleBenchObservable", "RippleBenchWorkbook",
                "RippleBenchBoard",
            ],
            exclude: ["ripple.json"],
            plugins: [.plugin(name: "RipplePlugin", package: "Ripple")]),
        // What both benchmarks print: timings, aligned tables, number formats.
        .target(name: "BenchReport"),
        // The benchmark's model generated with "observable": true (its ripple.json), in a module of its own.
        .target(
            name: "RippleBenchObservable",
            dependencies: [.product(name: "Ripple", package: "Ripple")],
            exclude: ["ripple.json"],
            plugins: [.plugin(name: "RipplePlugin", package: "Ripple")]),
        // A realistic document model (sheets, cells in dictionaries, shared styles, an outline with
        // parent links, values of many types) for the documents rows, in a module of its own: a
        // model has one root.
        .target(
            name: "RippleBenchWorkbook",
            dependencies: [.product(name: "Ripple", package: "Ripple")],
            exclude: ["ripple.json"],
            plugins: [.plugin(name: "RipplePlugin", package: "Ripple")]),
        // The collaboration rows' document (points with three integer properties, as the Loro and
        // Yrs side builds it), saved as documents (its ripple.json), in a module of its own.
        .target(
            name: "RippleBenchBoard",
            dependencies: [.product(name: "Ripple", package: "Ripple")],
            exclude: ["ripple.json"],
            plugins: [.plugin(name: "RipplePlugin", package: "Ripple")]),

        // The system's SQLite (its C library and headers: libsqlite3-dev on Debian and Ubuntu;
        // part of macOS).
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .yum(["sqlite-devel"])]),

        // A durable update through a DocumentStore against the same update of one row in
        // SQLite's WAL mode with synchronous=FULL, on the same folder; its model's ripple.json
        // turns documents on.
        .executableTarget(
            name: "durability-bench",
            dependencies: ["CSQLite", "BenchReport", .product(name: "Ripple", package: "Ripple")],
            exclude: ["ripple.json"],
            plugins: [.plugin(name: "RipplePlugin", package: "Ripple")]),
    ]
)
