import Foundation
@testable import Ripple
import Testing

/// What the fault sessions share: running a scripted session once per file call made to fail
/// (as SQLite's I/O error tests do), and opening the files a failed call left, as after a crash.
@MainActor
enum FaultScript {
    /// Runs `session` with the 1st, 2nd, ... file call failing by `fault`, until a run fails no
    /// call (the script made fewer), a run reports issues, or `limit` runs.
    ///
    /// - Parameter session: Runs the script with `files`; returns how many issues it recorded.
    static func failEveryCall(
        _ fault: FaultyFileCalls.Fault, upTo limit: Int, _ session: (FaultyFileCalls) async throws -> Int
    ) async throws {
        var runs = 0
        for call in 1...limit {
            let files = FaultyFileCalls()
            files.failingCall = call
            files.fault = fault
            if fault == .shortWrite { files.counted = ["write"] }
            let issues = try await session(files)
            runs += 1
            if files.failure == nil { break }
            if issues > 0 { return }
        }
        #expect(runs > 20, "the session makes calls to fail")
    }

    /// The document in `folder` (library.ripple and its journal), copied elsewhere as a failed
    /// call left the files, and opened by a store of its own.
    static func openCopy(of folder: URL) throws -> Library {
        let copy = folder.appendingPathComponent("copy")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: copy) }
        for name in ["library.ripple", "library.ripple.journal"] where FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
            try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: copy.appendingPathComponent(name))
        }
        let store = try DocumentStore<Library>(url: copy.appendingPathComponent("library.ripple"), durability: .immediate, files: FaultyFileCalls())
        return store.mediator.root
    }
}
