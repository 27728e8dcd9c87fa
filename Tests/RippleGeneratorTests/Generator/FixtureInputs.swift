import Foundation

/// What the generator reads for one fixture of `Fixtures/`: the Swift files and `ripple.json`
/// in the fixture's folder, or, for a fixture whose model another target compiles, that
/// target's files, read where they are so that what is diffed here is what runs there.
struct FixtureInputs {
    /// The fixtures whose model lives in another target: its files, relative to the repository
    /// root, and its `ripple.json`, if any. Their folders hold only the expected output.
    static let borrowed: [String: (files: [String], configuration: String?)] = [
        // The runtime tests' model (without their ripple.json: the fixture generates without
        // documents); the runtime tests' other models are left out.
        "Library": (
            // The breaker's board first: runs read their inputs in path order.
            ["Tests/RippleTests/Breaker27/KanbanBoard.swift", "Tests/RippleTests/Breaker32/MusicCollection.swift",
             "Tests/RippleTests/Breaker33/GardenPlan.swift", "Tests/RippleTests/Breaker34/Storyboard.swift",
             "Tests/RippleTests/Breaker35/Outline.swift", "Tests/RippleTests/Breaker36/Drawing.swift",
             "Tests/RippleTests/Breaker37/Vault.swift", "Tests/RippleTests/Breaker38/OrgChart.swift",
             "Tests/RippleTests/Breaker39/Workbook.swift", "Tests/RippleTests/Breaker40/Planner.swift"]
                + ["Gauge", "Job", "Library", "Node", "Palette", "Specimen"].map { "Tests/RippleTests/Model/\($0).swift" },
            nil
        ),
        // Read through Observation by the observable runtime tests.
        "Observable": (["Tests/RippleObservationTests/Model/Document.swift"], "Tests/RippleObservationTests/ripple.json"),
        // Compiled by the integration package in a target isolated to the main actor by default.
        "MainActor": (
            ["Tests/IntegrationPackage/Sources/MainActorModel/Board.swift"],
            "Tests/IntegrationPackage/Sources/MainActorModel/ripple.json"
        ),
        // Compiled by the integration package in a nonisolated target, which opens what it saves.
        "Documents": (
            ["Tests/IntegrationPackage/Sources/DocumentsModel/Atlas.swift"],
            "Tests/IntegrationPackage/Sources/DocumentsModel/ripple.json"
        ),
    ]

    /// The fixture's folder, which holds `RippleGenerated.swift.expected`.
    let directory: URL
    /// The paths to give the generator: the fixture's folder, or the borrowed files.
    let inputs: [String]
    /// The `ripple.json` to give the generator, if there is one.
    let configurationFile: String?

    init(_ fixture: String) {
        directory = RepositoryPaths.fixtures.appendingPathComponent(fixture)
        if let (files, configuration) = Self.borrowed[fixture] {
            inputs = files.map { RepositoryPaths.root.appendingPathComponent($0).path }
            configurationFile = configuration.map { RepositoryPaths.root.appendingPathComponent($0).path }
        } else {
            inputs = [directory.path]
            let configuration = directory.appendingPathComponent("ripple.json").path
            configurationFile = FileManager.default.fileExists(atPath: configuration) ? configuration : nil
        }
    }

    /// Every Swift file the generator reads, by its path relative to the fixture's folder (a
    /// borrowed file by its name), sorted by that path; hidden files, which the generator skips,
    /// left out.
    func swiftFiles() -> [(path: String, url: URL)] {
        let files = inputs.flatMap { input -> [(path: String, url: URL)] in
            let url = URL(fileURLWithPath: input)
            guard url.pathExtension != "swift" else { return [(url.lastPathComponent, url)] }
            let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            let base = url.standardizedFileURL.path
            return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.map { file in
                (String(file.standardizedFileURL.path.dropFirst(base.count + 1)), file)
            }
        }
        return files.sorted { $0.path < $1.path }
    }
}
