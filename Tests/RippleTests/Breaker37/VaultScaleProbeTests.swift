import Foundation
@testable import Ripple
import Testing

/// Issue 37's breaker: a local move of one note between two folders on a replica, in a vault that
/// also holds a chain of 500 folders (a deep outline, nowhere near the moved note). In a release
/// build (a scratch package over Ripple by path, folders of 100 notes, best of 3 to 5 runs, on a
/// loaded machine) it cost 1.8 ms at 1,000 notes and 252 ms to 4.0 s at 100,000 (144 to 2,250
/// times); without the chain, 0.31 ms and 0.34 ms (1.1 times), and on a mediator that is not a
/// replica 25 us at both sizes. Here in a debug build, at 1,000 notes and at `BREAKER37_LARGE`
/// notes (which turns it on): at 20,000, 12 times without the chain and 17 times with it (45 ms and
/// 94 ms at 1,000; this model's notes also sit in links, tags and pins). Perhaps the cause of the
/// known cost of merging one move (a change that adds a move recomputes every move).
@MainActor
@Suite(.serialized) struct VaultScaleProbeTests {
    typealias V = VaultReplicas

    nonisolated static let large = Int(ProcessInfo.processInfo.environment["BREAKER37_LARGE"] ?? "")

    /// A replica of a vault of about `notes` notes in folders of 100, with a chain of `chain`
    /// folders under the top folder, and the cost of moving one note between two of its folders.
    static func moveCost(notes: Int, chain: Int) throws -> Double {
        let previous = DocumentLimits.default
        DocumentLimits.default = DocumentLimits(maximumDepth: 1_200)
        defer { DocumentLimits.default = previous }
        let library = V.makeLibrary(folders: max(notes / 200, 2), subfolders: 2, notes: 100)
        if chain > 0 {
            let top = library.vault!.top!
            let folders = V.chain(chain)
            folders.parent = top
            top.folders.append(folders)
        }
        let mediator = Mediator(root: library)
        _ = mediator.replicaID
        let (from, to) = (V.folder(mediator, "d1.0")!, V.folder(mediator, "d1.1")!)
        return try bestMicroseconds(runs: 3) {
            try mediator.update { _ in
                let note = from.notes.removeLast()
                to.notes.insert(note, at: 10)
                note.folder = to
            }
        }
    }

    @Test(.enabled(if: large != nil)) func aLocalMoveOfOneNoteCostsTheSameAt1000AndMoreNotesBesideADeepChain() throws {
        let large = Self.large ?? 100_000
        for chain in [0, 500] {
            let small = try Self.moveCost(notes: 1_000, chain: chain)
            let big = try Self.moveCost(notes: large, chain: chain)
            let ratio = big / max(small, 1)
            print(String(format: "breaker37 scale: a move, chain %d: %.0f us at 1000, %.0f us at %d, ratio %.2f", chain, small, big, large, ratio))
            withKnownIssue("breaker37: a local move on a replica grows with the document when a deep chain is in it", isIntermittent: chain == 0) {
                #expect(ratio < 2, "chain \(chain): \(ratio)")
            }
        }
    }
}
