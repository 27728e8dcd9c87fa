import Foundation
@testable import Ripple
import Testing

/// A replica follows its origin's patches only while it is a copy of it: once it committed
/// changes of its own, or for a patch naming a node it no longer holds in its document, it
/// refuses them with `patchDoesNotApply`, and nothing changes (model, numbering, patch count,
/// history). Until concurrent editing exists.
@MainActor
@Suite struct DocumentFollowerTests {
    /// An origin, a replica opened from its snapshot, and the origin's patches as they come.
    @MainActor
    final class Pair {
        let origin: Mediator<Library>
        let replica: Mediator<Library>
        var patches: [Patch] = []

        init(_ library: Library = makeLibrary()) throws {
            origin = Mediator(root: library)
            replica = try Mediator<Library>(opening: try origin.snapshot())
            origin.patchRecorder.sinks.append { [unowned self] in patches.append($0) }
        }

        /// Everything a refused patch must leave as it was.
        func state() throws -> [String] {
            let identities = replica.identities
            return [
                String(decoding: try replica.snapshot(), as: UTF8.self), "\(identities.nextID)", "\(identities.sequence)",
                "\(replica.history.canUndo) \(replica.history.canRedo) \(replica.history.undoName ?? "-")",
            ]
        }
    }

    @Test func aReplicaThatMadeChangesOfItsOwnRefusesTheOriginsPatches() throws {
        let pair = try Pair()
        try pair.origin.update { $0.shelves[0].title = "origin" }
        try pair.replica.apply(pair.patches.removeFirst())
        try pair.replica.update(undoName: "Mine") { $0.shelves[1].title = "replica" }
        try pair.origin.update { $0.userID = 4 }
        let before = try pair.state()
        let error = #expect(throws: DocumentError.self) { try pair.replica.apply(pair.patches[0]) }
        if case .patchDoesNotApply(let reason) = error {
            #expect(reason.contains("changes of its own"))
        } else {
            Issue.record("\(String(describing: error))")
        }
        #expect(try pair.state() == before, "nothing changed")
        // Undoing its change does not make it a follower again: it made changes of its own.
        try pair.replica.history.undo()
        #expect(throws: DocumentError.self) { try pair.replica.apply(pair.patches[0]) }
    }

    @Test(arguments: ["remove a node", "undo", "write without recording"])
    func everyKindOfOwnChangeCounts(kind: String) throws {
        let pair = try Pair()
        switch kind {
        case "remove a node":
            try pair.replica.update { $0.shelves.removeFirst() }
        case "undo":
            try pair.replica.update { $0.userID = 9 }
            try pair.replica.history.undo()
        default:
            try pair.replica.history.withoutRecording { try pair.replica.update { $0.catalog.total = 3 } }
        }
        try pair.origin.update { $0.shelves[0].title = "origin" }
        #expect(throws: DocumentError.self, "\(kind)") { try pair.replica.apply(pair.patches[0]) }
    }

    @Test func changesThatAreNotTheDocumentsDoNotCount() throws {
        let pair = try Pair()
        // A discardable member (UI state), and an update that changes nothing in the end.
        try pair.replica.update { $0.selectedID = 2 }
        try pair.replica.update { library in
            library.userID = 5
            library.userID = 0
        }
        try pair.origin.update { $0.shelves[0].title = "origin" }
        try pair.replica.apply(pair.patches[0])
        #expect(try pair.replica.snapshot() == pair.origin.snapshot())
    }

    @Test func aPatchNamingANodeTheReplicaNoLongerHoldsIsRefused() throws {
        let pair = try Pair()
        // The replica's app keeps the shelf (a view holds it) after the origin removed it.
        let removed = pair.replica.root.shelves[2]
        let number = pair.replica.identities.id(of: removed)
        try pair.origin.update { $0.shelves.removeLast() }
        try pair.replica.apply(pair.patches.removeFirst())
        try pair.origin.update { $0.userID = 1 }
        let genuine = pair.patches[0]
        let before = try pair.state()
        let forged: [Patch.Operation] = [
            .set(node: number, member: "title", value: PatchValue(Array("\"edited\"".utf8))),
            .set(node: 1, member: "pinned", value: PatchValue(Array("\(number)".utf8))),
            .splice(node: 1, member: "shelves", at: 0, removing: 0, inserting: PatchValue(Array("[\(number)]".utf8))),
            .node(id: 900, type: "Shelf", values: PatchValue(Array(#"{"children":[\#(number)]}"#.utf8))),
        ]
        for operation in forged {
            var operations = [operation]
            if case .node = operation {
                operations.append(.set(node: 1, member: "pinned", value: PatchValue(Array("900".utf8))))
            }
            let patch = Patch(tag: nil, operations: operations, document: genuine.document, sequence: genuine.sequence)
            let error = #expect(throws: DocumentError.self, "\(operation.summary)") { try pair.replica.apply(patch) }
            if case .patchDoesNotApply = error {} else { Issue.record("\(String(describing: error))") }
            #expect(try pair.state() == before, "nothing changed: \(operation.summary)")
            #expect(removed.title == "Shelf 2")
        }
        try pair.replica.apply(genuine)
        #expect(try pair.replica.snapshot() == pair.origin.snapshot())
    }

    @Test func aPatchBringingANodeTheReplicaHoldsAlreadyIsRefused() throws {
        let pair = try Pair()
        try pair.origin.update { $0.userID = 1 }
        let genuine = pair.patches[0]
        let held = pair.replica.identities.id(of: pair.replica.root.shelves[0])
        let before = try pair.state()
        let patch = Patch(
            tag: nil, operations: [.node(id: held, type: "Shelf", values: PatchValue(Array(#"{"title":"twice"}"#.utf8)))],
            document: genuine.document, sequence: genuine.sequence)
        #expect(throws: DocumentError.self) { try pair.replica.apply(patch) }
        #expect(try pair.state() == before)
    }

    @Test func aNodePutBackByTheOriginComesBackToAReplicaThatStillHoldsIt() throws {
        // The origin's undo brings the shelf back with a patch naming it: the replica, whose app
        // kept it, takes it back, as a node brought (not one it holds in its document).
        let pair = try Pair()
        let kept = pair.replica.root.shelves[2]
        try pair.origin.update { $0.shelves.removeLast() }
        try pair.origin.history.undo()
        for patch in pair.patches { try pair.replica.apply(patch) }
        #expect(pair.replica.root.shelves[2] === kept)
        #expect(try pair.replica.snapshot() == pair.origin.snapshot())
    }
}
