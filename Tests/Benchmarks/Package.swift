// swift-tools-version: 6.0
import PackageDescription

// Benchmarks that link what they compare against, in a package of their own so that Ripple's
// own package links nothing. Uses Ripple by path, as an app would, with the build plugin
// generating its model's code. Run from the repository's root:
//
//     swift run -c release --package-path Tests/Benchmarks durability-bench
let package = Package(
    name: "RippleBenchmarks",
    platforms: [.macOS(.v14)],
    // Named, because a path dependency is otherwise known by its folder name, which varies.
    dependencies: [.package(name: "Ripple", path: "../..")],
    targets: [
        // The system's SQLite (its C library and headers: libsqlite3-dev on Debian and Ubuntu;
        // part of macOS).
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .yum(["sqlite-devel"])]),

        // A durable update through a DocumentStore against the same update of one row in
        // SQLite's WAL mode with synchronous=FULL, on the same folder; its model's ripple.json
        // turns documents on.
        .executableTarget(
            name: "durability-bench",
            dependencies: ["CSQLite", .product(name: "Ripple", package: "Ripple")],
            exclude: ["ripple.json"],
            plugins: [.plugin(name: "RipplePlugin", package: "Ripple")]),
    ]
)
