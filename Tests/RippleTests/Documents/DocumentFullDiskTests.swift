import Foundation
@testable import Ripple
import Testing

/// A store on a real, tiny file system (a tmpfs where the machine lets a test mount one, or the
/// one `Tests/tmpfs/run.sh` mounts), filled up: the update that does not fit rolls back and
/// throws, a save fails and leaves nothing behind, and once there is room again the store goes
/// on; reopened, it holds every acknowledged update and no other. Skipped where nothing can be
/// mounted.
@MainActor
@Suite(.serialized) struct DocumentFullDiskTests {
    private nonisolated static let canMount = TemporaryMount(kilobytes: 64) != nil

    /// Fills the file system of `folder` but for what `ballast` holds.
    private func fill(_ folder: URL, ballast: URL) throws {
        try Data(count: 24 * 1_024).write(to: ballast)
        var index = 0
        while (try? Data(count: 4_096).write(to: folder.appendingPathComponent("filler-\(index)"))) != nil { index += 1 }
    }

    @Test(.enabled(if: canMount, "no tmpfs can be mounted here (Tests/tmpfs/run.sh mounts one)"))
    func aFullDiskRollsADurableUpdateBackAndTheStoreGoesOnOnceThereIsRoom() throws {
        let mount = try #require(TemporaryMount(kilobytes: 128))
        let folder = mount.folder.appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("library.ripple")
        let ballast = mount.folder.appendingPathComponent("ballast")
        var acknowledged: [String] = []
        do {
            let store = try DocumentStore<Library>(url: url)
            try fill(mount.folder, ballast: ballast)
            let title = String(repeating: "x", count: 500)
            var refused: DocumentError?
            for index in 0..<1_000 {
                do {
                    try store.mediator.update { $0.shelves.append(Shelf(id: index, title: "\(index) \(title)")) }
                    acknowledged.append("\(index) \(title)")
                } catch let error as DocumentError {
                    refused = error
                    break
                }
            }
            #expect(refused == .fileError(path: url.path + ".journal", operation: "write", code: ENOSPC), "\(String(describing: refused))")
            #expect(store.mediator.root.shelves.map(\.title) == acknowledged, "the update that did not fit rolled back")
            #expect(!store.mediator.hasUnsavedChanges)
            // A save needs room too: it fails, and leaves nothing behind.
            let journal = try Data(contentsOf: URL(fileURLWithPath: url.path + ".journal"))
            #expect(throws: DocumentError.self) { try store.save() }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["library.ripple", "library.ripple.journal"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + ".journal")) == journal)
            // Room again.
            try FileManager.default.removeItem(at: ballast)
            try store.mediator.update { $0.shelves.append(Shelf(id: -1, title: "after")) }
            acknowledged.append("after")
            try store.save()
        }
        #expect(try DocumentStore<Library>(url: url).mediator.root.shelves.map(\.title) == acknowledged)
    }

    @Test(.enabled(if: canMount, "no tmpfs can be mounted here (Tests/tmpfs/run.sh mounts one)"))
    func aFullDiskWithALooserDurabilityIsReportedAndTheDocumentStaysUnsaved() throws {
        let mount = try #require(TemporaryMount(kilobytes: 128))
        let folder = mount.folder.appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("library.ripple")
        let ballast = mount.folder.appendingPathComponent("ballast")
        var titles: [String] = []
        do {
            let store = try DocumentStore<Library>(url: url, durability: .onSave)
            var failures: [UpdateFailure] = []
            store.mediator.failureHandler = { failures.append($0) }
            try fill(mount.folder, ballast: ballast)
            let title = String(repeating: "y", count: 500)
            for index in 0..<1_000 where failures.isEmpty {
                try store.mediator.update { $0.shelves.append(Shelf(id: index, title: "\(index) \(title)")) }
                titles.append("\(index) \(title)")
            }
            #expect(failures.count == 1 && failures.first?.wasRolledBack == false)
            #expect(store.mediator.root.shelves.map(\.title) == titles, "the update committed")
            #expect(store.mediator.hasUnsavedChanges)
            #expect(throws: DocumentError.self) { try store.sync() }
            #expect(store.mediator.hasUnsavedChanges)
            try FileManager.default.removeItem(at: ballast)
            try store.sync()
            #expect(!store.mediator.hasUnsavedChanges)
        }
        #expect(try DocumentStore<Library>(url: url).mediator.root.shelves.map(\.title) == titles)
    }
}
