import Foundation
@testable import Ripple
import Testing

/// Issue 40's breaker: a planner's document store under what users and their tools do to
/// files: the folder renamed while the store is open, links to links, and the Nth file call
/// failing while tasks are moved, undone and redone. Every acknowledged update must reopen.
@MainActor
@Suite(.serialized) struct PlannerFileProbeTests {
    typealias P = Planners

    /// Moves `task` under `target` (nil: the top) in `mediator`'s plan.
    private func move(_ mediator: Mediator<Library>, _ task: String, under target: String?) throws {
        try mediator.update { _ in
            let plan = P.planner(mediator)
            let moved = P.task(mediator, task)!
            if let parent = moved.parent {
                parent.subtasks.removeAll { $0 === moved }
            } else {
                plan.tasks.removeAll { $0 === moved }
            }
            let holder = target.flatMap { P.task(mediator, $0) }
            if let holder { holder.subtasks.append(moved) } else { plan.tasks.append(moved) }
            moved.parent = holder
        }
    }

    /// The folder holding an open document renamed (as a user renames a project folder): updates
    /// go on or throw clearly, and whatever was acknowledged opens from the new folder.
    @Test(arguments: [false, true])
    func theFolderRenamedWhileOpenKeepsEveryAcknowledgedUpdate(replica: Bool) throws {
        let root = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Project")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let renamed = root.appendingPathComponent("Project (old)")
        var acknowledged = ""
        var problems: [String] = []
        do {
            let store = try DocumentStore<Library>(url: folder.appendingPathComponent("plan.ripple"), compaction: .manual)
            if replica { _ = store.mediator.replicaID }
            try store.mediator.update { $0.planner = P.makePlanner() }
            try store.save()
            try move(store.mediator, "t2", under: "t9")
            acknowledged = try P.text(store.mediator)
            try FileManager.default.moveItem(at: folder, to: renamed)
            var refusals: [String] = []
            for step in 0..<3 {
                do {
                    try store.mediator.update { _ in P.task(store.mediator, "t3")!.hours = Double(10 + step) }
                    acknowledged = try P.text(store.mediator)
                } catch {
                    refusals.append("update \(step) after the rename threw \(error)")
                }
            }
            // Smallest reproduction: a store open at Project/plan.ripple; `mv Project 'Project (old)'`;
            // every update throws DocumentError.moved, saying the journal is in Project/plan.ripple.journal,
            // which no longer exists (it is in 'Project (old)'). Documents.md says a store whose document
            // is renamed or moved while open goes on journaling beside the name it opened. What was
            // acknowledged before the rename reopens from the new folder (checked below).
            withKnownIssue(
                "breaker40: after the document's folder is renamed while open, every update throws, naming the journal at the old path, where nothing is"
            ) {
                #expect(refusals.isEmpty, "\(refusals.prefix(1))")
            }
            do { try store.save() } catch let error as DocumentError {
                if case .moved = error {} else { problems.append("save after the rename threw \(error)") }
            }
        }
        if FileManager.default.fileExists(atPath: folder.path) {
            problems.append("the old folder came back: \((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])")
        }
        do {
            let reopened = try DocumentStore<Library>(url: renamed.appendingPathComponent("plan.ripple"))
            if try P.text(reopened.mediator) != acknowledged { problems.append("reopened without what it acknowledged") }
        } catch {
            problems.append("does not reopen: \(error)")
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// A link to a link to the document, and the document reached through a link to its folder:
    /// one store at a time, each acknowledged update found through every name.
    @Test func linksToLinksAndALinkedFolderOpenOneDocument() throws {
        let root = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("plan.ripple")
        let link = root.appendingPathComponent("link.ripple")
        let linkToLink = root.appendingPathComponent("link2.ripple")
        let folderLink = root.appendingPathComponent("alias")
        var problems: [String] = []
        do {
            let store = try DocumentStore<Library>(url: url, compaction: .manual)
            try store.mediator.update { $0.planner = P.makePlanner() }
        }
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: url)
        try FileManager.default.createSymbolicLink(atPath: linkToLink.path, withDestinationPath: "link.ripple")
        try FileManager.default.createSymbolicLink(at: folderLink, withDestinationURL: root)
        var acknowledged = ""
        do {
            let store = try DocumentStore<Library>(url: linkToLink, compaction: .manual)
            try move(store.mediator, "t1", under: "t12")
            for name in [url, link, folderLink.appendingPathComponent("plan.ripple")] {
                if (try? DocumentStore<Library>(url: name)) != nil { problems.append("a second store opened through \(name.lastPathComponent)") }
            }
            try store.save()
            try store.mediator.update { _ in P.task(store.mediator, "t1")!.notes = "after save" }
            acknowledged = try P.text(store.mediator)
        }
        for name in [url, link, linkToLink, folderLink.appendingPathComponent("plan.ripple")] {
            do {
                let store = try DocumentStore<Library>(url: name)
                if try P.text(store.mediator) != acknowledged { problems.append("\(name.lastPathComponent) opens otherwise") }
            } catch {
                problems.append("\(name.lastPathComponent) does not open: \(error)")
            }
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: link.path)
        if attributes[.type] as? FileAttributeType != .typeSymbolicLink { problems.append("the link is no longer a link") }
        #expect(problems.isEmpty, "\(problems)")
    }

    nonisolated static let faults: [FaultyFileCalls.Fault] = [.natural, .shortWrite]

    /// The Nth file call fails while a replica store moves a subtree, undoes and redoes it and
    /// saves: what reopens is what was acknowledged, whole, for every N.
    @Test(arguments: faults)
    func everyFailingCallDuringMovesUndoAndRedoLosesNothingAcknowledged(fault: FaultyFileCalls.Fault) throws {
        var problems: [String] = []
        var reached = 0
        for call in 1...60 {
            let folder = try P.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("plan.ripple")
            do {
                let store = try DocumentStore<Library>(url: url, compaction: .manual)
                _ = store.mediator.replicaID
                try store.mediator.update { $0.planner = P.makePlanner(top: 3, width: 3) }
            }
            var acknowledged = try P.text(try DocumentStore<Library>(url: url).mediator)
            let files = FaultyFileCalls()
            files.fault = fault
            do {
                let store = try DocumentStore<Library>(url: url, durability: .immediate, compaction: .manual, files: files)
                let mediator = store.mediator
                files.failingCall = files.calls + call
                let steps: [() throws -> Void] = [
                    { try self.move(mediator, "t2", under: "t20") },
                    { try mediator.history.undo() },
                    { try mediator.history.redo() },
                    { try store.save() },
                    { try self.move(mediator, "t14", under: nil) },
                    { try mediator.update { _ in P.task(mediator, "t3")!.hours = 77 } },
                ]
                for step in steps {
                    do {
                        try step()
                        acknowledged = try P.text(mediator)
                    } catch {}
                }
                acknowledged = try P.text(mediator)
                if mediator.hasUnsavedChanges { try? store.save() }
                if mediator.hasUnsavedChanges { acknowledged = "" }
            } catch {
                // Refused to open: nothing was acknowledged since.
            }
            do {
                let reopened = try DocumentStore<Library>(url: url)
                if !acknowledged.isEmpty, try P.text(reopened.mediator) != acknowledged {
                    problems.append("call \(call): reopened, not what it acknowledged (\(files.failure ?? "-"))")
                }
                problems += P.problems(reopened.mediator).map { "call \(call): \($0)" }
            } catch {
                problems.append("call \(call): does not reopen after \(files.failure ?? "-"): \(error)")
            }
            guard files.failure != nil else { break }
            reached += 1
        }
        #expect(problems.isEmpty, "\(problems.prefix(6))")
        #expect(reached > 1)
    }
}
