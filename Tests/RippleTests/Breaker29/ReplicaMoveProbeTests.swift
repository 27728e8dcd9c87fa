import Foundation
@testable import Ripple
import Testing

/// Issue 29's breaker: concurrent moves, dictionaries of nodes and hostile versions, judged
/// against EditingTogether.md alone.
@MainActor
@Suite struct ReplicaMoveProbeTests {
    private func check(_ text: String, on card: KanbanCard) -> KanbanCheck {
        let check = KanbanCheck()
        check.text = text
        card.checklist.append(check)
        return check
    }

    /// Two replicas nest two sibling checks under each other at once. EditingTogether.md: a move
    /// that would put a node inside itself is skipped, so no cycle forms; both checks stay, in
    /// one place each, and the replicas agree.
    @Test func crossedNestingMovesLeaveNoCycleAndLoseNothing() throws {
        let replicas = try KanbanReplicas.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { root in
            let card = root.board!.columns[0].cards[0]
            _ = check("a", on: card)
            _ = check("b", on: card)
        }
        try KanbanReplicas.sync(mac, into: iPad)
        try mac.update { root in
            let card = root.board!.columns[0].cards[0]
            let b = card.checklist.remove(at: 1)
            card.checklist[0].items.append(b)
        }
        try iPad.update { root in
            let card = root.board!.columns[0].cards[0]
            let a = card.checklist.remove(at: 0)
            card.checklist[0].items.append(a)
        }
        try KanbanReplicas.sync(mac, into: iPad)
        try KanbanReplicas.sync(iPad, into: mac)
        #expect(try KanbanReplicas.text(mac) == KanbanReplicas.text(iPad))
        for replica in [mac, iPad] {
            let card = replica.root.board!.columns[0].cards[0]
            #expect(card.checklist.count == 1)
            let top = card.checklist.first
            #expect(top?.items.count == 1)
            #expect(top?.items.first?.items.isEmpty == true)
            #expect(Set([top?.text, top?.items.first?.text]) == Set(["a", "b"]))
        }
    }

    /// One replica moves a card to another column while the other reorders it within its
    /// column: the card ends in exactly one place on both, never duplicated or lost.
    @Test func aMoveAgainstAReorderKeepsTheCardOnce() throws {
        let replicas = try KanbanReplicas.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { root in
            let card = root.board!.columns[0].cards.remove(at: 0)
            root.board!.columns[2].cards.insert(card, at: 0)
        }
        try iPad.update { root in
            let card = root.board!.columns[0].cards.remove(at: 0)
            root.board!.columns[0].cards.append(card)
        }
        try KanbanReplicas.sync(mac, into: iPad)
        try KanbanReplicas.sync(iPad, into: mac)
        #expect(try KanbanReplicas.text(mac) == KanbanReplicas.text(iPad))
        for replica in [mac, iPad] {
            let titles = replica.root.board!.columns.flatMap { $0.cards.map(\.title) }
            #expect(titles.filter { $0 == "Todo 1" }.count == 1)
            #expect(titles.count == 6)
        }
    }

    /// Two replicas put two new cards under one key of a dictionary of nodes: per key, one
    /// wins on both, and the replicas agree.
    @Test func concurrentNewNodesUnderOneKeyConverge() throws {
        let replicas = try KanbanReplicas.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { $0.board!.cardsByNumber[7] = KanbanCard("mac") }
        try iPad.update { $0.board!.cardsByNumber[7] = KanbanCard("iPad") }
        try KanbanReplicas.sync(mac, into: iPad)
        try KanbanReplicas.sync(iPad, into: mac)
        #expect(try KanbanReplicas.text(mac) == KanbanReplicas.text(iPad))
        #expect(mac.root.board!.cardsByNumber[7]?.title == iPad.root.board!.cardsByNumber[7]?.title)
        #expect(mac.root.board!.cardsByNumber.count == 1)
    }

    /// A version decoded from hand-made bytes (huge counts, maximum numbers) is refused or
    /// harmless: never a crash, and the replica still syncs afterwards.
    @Test func handMadeVersionBytesAreRefusedOrHarmless() throws {
        let replicas = try KanbanReplicas.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { $0.board!.title = "After" }
        let real = try JSONEncoder().encode(iPad.version)
        let hostile: [[UInt8]] = [
            [0xD1], [0xD1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01],
            [0xD1, 0x01] + [UInt8](repeating: 0xFF, count: 8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01],
            [0xD1, 0x02] + [UInt8](repeating: 0x01, count: 8) + [UInt8](repeating: 0x01, count: 8) + [0x05, 0x06],
            [0xC1, 0x00, 0x00],
        ]
        for bytes in hostile {
            let json = try JSONEncoder().encode(Data(bytes))
            if let version = try? JSONDecoder().decode(DocumentVersion.self, from: json) {
                _ = try? mac.changes(since: version)
            }
        }
        try iPad.merge(try mac.changes(since: try JSONDecoder().decode(DocumentVersion.self, from: real)))
        #expect(iPad.root.board!.title == "After")
    }
}
