import Foundation
@testable import Ripple
import Testing

/// Issue 38's breaker: an org chart's document store and its files handled as users and their
/// tools handle them: a second hard link made while it is closed and then the first name removed
/// or replaced, the document renamed without its journal, files and folders made immutable
/// (`chattr +i`) or the folder mounted read-only while the store is open.
@MainActor
@Suite(.serialized) struct OrgFileProbeTests {
    typealias O = OrgReplicas

    private func text(_ store: DocumentStore<Library>) throws -> String { try O.text(store.mediator) }

    /// A closed store at `folder/chart.ripple` with a snapshot and three journaled updates; what it acknowledged.
    private func makeStore(in folder: URL, replica: Bool) throws -> (url: URL, acknowledged: String) {
        let url = folder.appendingPathComponent("chart.ripple")
        let store = try DocumentStore<Library>(url: url, compaction: .manual)
        if replica { _ = store.mediator.replicaID }
        try store.mediator.update { $0.company = O.makeCompany() }
        try store.save()
        try store.mediator.update { _ in O.employee(store.mediator, "e1")!.name = "journaled 1" }
        try store.mediator.update { _ in O.department(store.mediator, "d1")!.budget = 1.5 }
        try store.mediator.update { _ in O.employee(store.mediator, "e2")!.photo = Data(repeating: 3, count: 2_000) }
        return (url, try text(store))
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Opens `url` and says how it opened against `acknowledged`: nil when it holds it, else what happened.
    private func openedProblem(_ url: URL, _ acknowledged: String) -> String? {
        do {
            let store = try DocumentStore<Library>(url: url)
            let opened = try text(store)
            if opened == acknowledged { return nil }
            let lost = O.employee(store.mediator, "journaled 1") == nil
            return "opened without an error, \(lost ? "without the journaled updates" : "otherwise")"
        } catch {
            return nil  // refused with an error: nothing silently lost
        }
    }

    @Test(arguments: [false, true])
    func aHardLinkMadeWhileClosedThenTheFirstNameRemovedKeepsEveryAcknowledgedUpdate(replica: Bool) throws {
        let folder = try O.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, acknowledged) = try makeStore(in: folder, replica: replica)
        let second = folder.appendingPathComponent("Org Chart.ripple")
        try FileManager.default.linkItem(at: url, to: second)
        try FileManager.default.removeItem(at: url)
        let problem = openedProblem(second, acknowledged)
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test(arguments: [false, true])
    func theDocumentRenamedWhileClosedKeepsEveryAcknowledgedUpdate(replica: Bool) throws {
        let folder = try O.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, acknowledged) = try makeStore(in: folder, replica: replica)
        let renamed = folder.appendingPathComponent("Org Chart 2026.ripple")
        try FileManager.default.moveItem(at: url, to: renamed)
        let problem = openedProblem(renamed, acknowledged)
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test(arguments: [false, true])
    func aHardLinkKeptWhileTheFirstNameIsReplacedByAnotherStoreOpensEachAsItsOwn(replica: Bool) throws {
        let folder = try O.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, acknowledged) = try makeStore(in: folder, replica: replica)
        let backup = folder.appendingPathComponent("backup.ripple")
        try FileManager.default.linkItem(at: url, to: backup)
        // The first name replaced by an older snapshot of the document (a save-as from elsewhere).
        let older = try Mediator<Library>(opening: try Data(contentsOf: url)).snapshot()
        try FileManager.default.removeItem(at: url)
        try older.write(to: url)
        var problems: [String] = []
        if let problem = openedProblem(url, acknowledged) { problems.append("the first name: \(problem)") }
        // The link, now the only name of the old file, has no journal: it holds what its snapshot holds.
        if (try? DocumentStore<Library>(url: backup)) == nil { problems.append("the backup does not open") }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// Runs `body` with `path` immutable (`chattr +i`), or records that it could not.
    private func immutable(_ path: String, _ body: () throws -> Void) throws -> Bool {
        guard Self.run("/usr/bin/chattr", ["+i", path]) || Self.run("/bin/chattr", ["+i", path]) else { return false }
        defer { _ = Self.run("/usr/bin/chattr", ["-i", path]) || Self.run("/bin/chattr", ["-i", path]) }
        try body()
        return true
    }

    @Test(arguments: [false, true])
    func anImmutableJournalOrFolderRefusesUpdatesAndSavesCleanlyAndLosesNothing(replica: Bool) throws {
        let folder = try O.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("chart.ripple")
        var problems: [String] = []
        var acknowledged = ""
        do {
            let store = try DocumentStore<Library>(url: url, compaction: .manual)
            if replica { _ = store.mediator.replicaID }
            try store.mediator.update { $0.company = O.makeCompany() }
            acknowledged = try text(store)
            for target in [url.path + ".journal", folder.path, url.path] {
                let done = try immutable(target) {
                    let before = try text(store)
                    do {
                        try store.mediator.update { _ in O.employee(store.mediator, "e3")!.salary += 1 }
                        acknowledged = try text(store)
                        if target.hasSuffix(".journal") {
                            problems.append("\(target): an update to an immutable journal returned")
                        }
                    } catch {
                        if try text(store) != before {
                            problems.append("\(target): a refused update changed the model")
                        }
                    }
                    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                    do {
                        try store.save()
                        if target != url.path + ".journal" { problems.append("\(target): a save returned") }
                    } catch {
                        let after = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                        if after != names { problems.append("\(target): a failed save left \(after) (was \(names))") }
                    }
                    if try text(store) != acknowledged {
                        problems.append("\(target): the model is not what was acknowledged")
                    }
                }
                if !done {
                    Issue.record("chattr +i is not available here")
                    return
                }
                // Usable again once the file can be written.
                try store.mediator.update { _ in O.employee(store.mediator, "e4")!.age += 1 }
                acknowledged = try text(store)
            }
        }
        let reopened = try DocumentStore<Library>(url: url)
        if try text(reopened) != acknowledged { problems.append("reopened otherwise than acknowledged") }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func aFolderMountedReadOnlyUnderAnOpenStoreRefusesUpdatesAndKeepsWhatWasAcknowledged() throws {
        let folder = try O.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("chart.ripple")
        var acknowledged = ""
        var problems: [String] = []
        do {
            let store = try DocumentStore<Library>(url: url, compaction: .manual)
            _ = store.mediator.replicaID
            try store.mediator.update { $0.company = O.makeCompany() }
            acknowledged = try text(store)
            guard Self.run("/bin/mount", ["--bind", folder.path, folder.path]) else {
                Issue.record("cannot bind-mount here")
                return
            }
            defer { _ = Self.run("/bin/umount", [folder.path]) }
            guard Self.run("/bin/mount", ["-o", "remount,ro,bind", folder.path]) else {
                Issue.record("cannot remount read-only here")
                return
            }
            let before = try text(store)
            // A bind mount made read-only keeps the descriptors opened before it writable (Linux
            // checks at open): an update may still be journaled, and must then reopen.
            if (try? store.mediator.update({ _ in O.employee(store.mediator, "e1")!.name = "read-only" })) != nil {
                acknowledged = try text(store)
            } else if try text(store) != before {
                problems.append("a refused update changed the model")
            }
            if (try? store.save()) != nil { problems.append("a save on a read-only folder returned") }
            if (try? store.mediator.merge(store.mediator.changes(since: DocumentVersion()))) == nil {
                problems.append("merging what it holds threw")
            }
            // A second store opening the read-only file: a clear error or the document.
            if let other = try? DocumentStore<Library>(url: url) {
                problems.append("a second store opened beside the first: \(other.mediator.replicaID)")
            }
            _ = Self.run("/bin/mount", ["-o", "remount,rw,bind", folder.path])
            try store.mediator.update { _ in O.employee(store.mediator, "e2")!.name = "writable again" }
            acknowledged = try text(store)
        }
        let reopened = try DocumentStore<Library>(url: url)
        if try text(reopened) != acknowledged { problems.append("reopened otherwise than acknowledged") }
        problems += O.problems(reopened.mediator)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func aStoreOpenedFromAReadOnlyFolderSaysWhy() throws {
        let folder = try O.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("chart.ripple")
        let (_, acknowledged) = try makeStore(in: folder, replica: true)
        guard Self.run("/bin/mount", ["--bind", folder.path, folder.path]) else {
            Issue.record("cannot bind-mount here")
            return
        }
        defer { _ = Self.run("/bin/umount", [folder.path]) }
        guard Self.run("/bin/mount", ["-o", "remount,ro,bind", folder.path]) else {
            Issue.record("cannot remount read-only here")
            return
        }
        do {
            let store = try DocumentStore<Library>(url: url)
            #expect(try text(store) == acknowledged, "a read-only store opened otherwise")
        } catch let error as DocumentError {
            #expect("\(error)".count < 400)
            print("breaker38: a read-only folder's store: \(error)")
        }
    }
}
