import Foundation
@testable import Ripple
import Testing

/// Issue 36's breaker: a replica edited as SwiftUI edits it (a binding calls the setter
/// outside any update, an implicit update that commits at the end of the main actor's turn)
/// while merges arrive in the same turn, into the figure being typed into, or after it was
/// removed.
@MainActor
@Suite(.serialized) struct DrawingUsageProbeTests {
    typealias D = DrawingReplicas

    /// Typing into a figure's name while the other replica's rename and move of it arrive in
    /// the same turn: the typing is committed before the merge, sent, and both converge.
    @Test func typingWhileAMergeOfTheSameFigureArrivesConverges() async throws {
        let (a, b) = try D.pair()
        let version = b.version
        try b.update { _ in
            let figure = D.group(b, 0).figures.remove(at: 1)
            figure.name = "b's name"
            D.group(b, 1).figures.append(figure)
            figure.group = D.group(b, 1)
        }
        let fromB = try b.changes(since: version)
        let figure = D.group(a, 0).figures[1]
        figure.name = "typed"
        figure.x = 42
        try a.merge(fromB)
        figure.name = "typed more"
        await Task.yield()
        a.commitImplicitUpdate()
        try D.syncAll([a, b])
        #expect(try D.text(a) == D.text(b))
        #expect(D.group(b, 1).figures.last?.x == 42, "the typing before the merge did not reach b")
        #expect(D.problems(a).isEmpty, "\(D.problems(a))")
        #expect(a.history.canUndo)
    }

    /// Typing into a figure whose group another replica removed (the view still holds the
    /// figure): the write is kept or refused whole, nothing crashes, and both converge.
    @Test func typingIntoAFigureRemovedByAMergeConverges() async throws {
        let (a, b) = try D.pair()
        let figure = D.group(a, 0).figures[0]
        try b.update { library in
            library.drawing!.artboards[0].layers[0].groups[0].groups.remove(at: 0)
            library.drawing!.artboards[0].selection = []
            library.drawing!.symbols.removeValue(forKey: "f0")
        }
        try D.sync(b, into: a)
        figure.name = "typed after removal"
        await Task.yield()
        a.commitImplicitUpdate()
        try D.syncAll([a, b])
        #expect(try D.text(a) == D.text(b))
        #expect(!D.placements(a).contains("typed after removal"))
    }

    /// `changes(since:)` while typing is pending: what it sends and what the replica holds
    /// agree once the turn ends, and nothing is sent twice or lost.
    @Test func changesTakenWhileTypingIsPendingLoseNothing() async throws {
        let (a, b) = try D.pair()
        D.group(a, 0).figures[0].name = "pending"
        let sent = try a.changes(since: b.version)
        try b.merge(sent)
        await Task.yield()
        a.commitImplicitUpdate()
        try D.syncAll([a, b])
        #expect(D.group(b, 0).figures[0].name == "pending")
        #expect(try D.text(a) == D.text(b))
    }
}
