// swift-tools-version: 6.0
import PackageDescription

// CI's thread-sanitizer run (.ci/run) sets RIPPLE_SANITIZED_TESTS: it runs the tests of the
// background members only, so the package then builds those, the models the test target
// generates from (every file with a `ripple: root` or `ripple: node` class) and no other test.
let sanitizedTestsOnly = Context.environment["RIPPLE_SANITIZED_TESTS"] != nil
let sanitizedTests = [
    "Model", "Breaker27/KanbanBoard.swift", "Breaker32/MusicCollection.swift", "Breaker33/GardenPlan.swift",
    "Breaker34/Storyboard.swift", "Breaker35/Outline.swift", "Breaker36/Drawing.swift",
    "Breaker37/Vault.swift", "Breaker38/OrgChart.swift", "Breaker39/Workbook.swift", "Breaker40/Planner.swift",
    "Runtime/Support.swift", "Runtime/ActionTests.swift",
    "Runtime/BackgroundTests.swift", "Runtime/ChangesTests.swift",
]

let package = Package(
    name: "Ripple",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Ripple", targets: ["Ripple"]),
        .executable(name: "ripple-gen", targets: ["ripple-gen"]),
        .plugin(name: "RipplePlugin", targets: ["RipplePlugin"]),
        .plugin(name: "RippleGenerate", targets: ["RippleGenerate"]),
    ],
    dependencies: [],
    targets: [
        // The runtime: trackers, mediator, registrations.
        .target(name: "Ripple", dependencies: ["RippleJSON"]),
        // The runtime's JSON engine, imported `internal` by Ripple: it beats Foundation's JSONEncoder and
        // JSONDecoder on the documents goals (ripple-bench 12/12b), and it is fuzzed on its own, as the
        // parser of untrusted input (patches come from the network).
        .target(name: "RippleJSON"),

        // The generator: a library with every stage (Quantwm's annotations read as they are
        // written among them); `ripple-gen migrate` and `--dump-scheme` over it; and the thin
        // command line over them.
        .target(name: "RippleGenerator"),
        .target(name: "RippleMigration", dependencies: ["RippleGenerator"]),
        .target(name: "RippleSchemeDump", dependencies: ["RippleGenerator"]),
        .executableTarget(name: "ripple-gen", dependencies: ["RippleGenerator", "RippleMigration", "RippleSchemeDump"]),
        // ripple-gen without `migrate` and `--dump-scheme`, for the plugins: a package that
        // applies one builds the generator alone. Not a product.
        .executableTarget(name: "ripple-gen-plugin-tool", dependencies: ["RippleGenerator"]),

        // The plugins: both run ripple-gen-plugin-tool; use one of them per target, not both.
        // RipplePlugin generates while building; RippleGenerate writes the file into the target.
        .plugin(name: "RipplePlugin", capability: .buildTool(), dependencies: ["ripple-gen-plugin-tool"]),
        .plugin(
            name: "RippleGenerate",
            capability: .command(
                intent: .custom(
                    verb: "ripple-generate",
                    description: "Writes RippleGenerated.swift into every target with Ripple annotations"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "Writes RippleGenerated.swift next to the annotated sources, for review or commit"),
                ]),
            dependencies: ["ripple-gen-plugin-tool"]),

        // The runnable example: a model built through RipplePlugin with "documents": true (its
        // ripple.json), and a scripted session over it.
        .executableTarget(name: "ripple-demo", dependencies: ["Ripple"], exclude: ["ripple.json"], plugins: ["RipplePlugin"]),

        // Tests.
        // The runtime's tests, over a model generated with "documents": true (its ripple.json), and its
        // JSON engine's (Documents/DocumentsJSON*Tests, which share the suite's seeded generator).
        .testTarget(
            name: "RippleTests", dependencies: ["Ripple", "RippleJSON"], exclude: ["ripple.json"],
            sources: sanitizedTestsOnly ? sanitizedTests : nil, plugins: ["RipplePlugin"]),
        // The generator's and the migration's tests, in folders that mirror theirs (Migration/ for
        // RippleMigration).
        .testTarget(
            name: "RippleGeneratorTests", dependencies: ["RippleGenerator", "RippleMigration", "RippleSchemeDump"],
            exclude: ["Fixtures"]),
        // The generator and the runtime compiled together: the names generated code uses agree.
        .testTarget(name: "RippleGeneratorRuntimeTests", dependencies: ["Ripple", "RippleGenerator"]),
        // A model generated with "observable": true (its ripple.json), read through Observation.
        .testTarget(
            name: "RippleObservationTests", dependencies: ["Ripple"], exclude: ["ripple.json"],
            plugins: ["RipplePlugin"]),
        // A model of @MainActor classes, whose conformances are isolated to the main actor.
        .testTarget(name: "RippleMainActorTests", dependencies: ["Ripple"], plugins: ["RipplePlugin"]),
        // The process the document tests kill with SIGKILL: it updates a document (its model's
        // ripple.json turns documents on) until killed. Built beside the tests, found there.
        .executableTarget(
            name: "ripple-crash-child", dependencies: ["Ripple"], path: "Tests/RippleCrashChild", exclude: ["ripple.json"],
            plugins: ["RipplePlugin"]),
    ]
)

if sanitizedTestsOnly {
    let unused = [
        "ripple-gen", "RippleMigration", "RippleSchemeDump", "ripple-demo", "ripple-crash-child", "RippleGeneratorTests",
        "RippleGeneratorRuntimeTests", "RippleObservationTests",
    ]
    package.products.removeAll { unused.contains($0.name) }
    package.targets.removeAll { unused.contains($0.name) }
}
