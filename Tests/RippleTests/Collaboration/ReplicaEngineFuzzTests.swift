@testable import Ripple
import Testing

/// A seeded fuzzer in the style of Loro's: 3 to 5 replicas make random updates of every shape
/// (register writes, sequence inserts and removes, sequences set whole or absent, dictionary
/// and set edits, boards made, removed, edited while removed, and moved across boards through
/// items, dictionary entries and registers, into their own descendants once merged), and
/// hand each other change sets in random order, duplicated and batched. Each replica's
/// reference model takes its own operations and those its merges return; it must equal what
/// the engine shows after every step, and all of them must be equal after a full exchange,
/// with every board in at most one place and no cycle, and encode the same state bytes.
@Suite struct ReplicaEngineFuzzTests {
    private struct Counts {
        var updates = 0
        var operations = 0
        var merges = 0
        var moves = 0
    }

    @Test(arguments: 1...16 as ClosedRange<UInt64>)
    func replicasConvergeWhateverTheDelivery(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        var replicas = (0..<Int.random(in: 3...5, using: &random)).map { _ in
            TestReplica(UInt64.random(in: 1...UInt64.max, using: &random))
        }
        var counts = Counts()
        for round in 0..<40 {
            if round == 20 { try reopenFromState(&replicas, using: &random) }
            for index in replicas.indices where Bool.random(using: &random) {
                let operations = replicas[index].randomUpdate(using: &random, moves: &counts.moves)
                counts.updates += 1
                counts.operations += operations
                #expect(replicas[index].document == replicas[index].shown, "seed \(seed): a local update")
            }
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let source = Int.random(in: replicas.indices, using: &random)
                let target = Int.random(in: replicas.indices, using: &random)
                guard source != target else { continue }
                counts.merges += try deliver(from: replicas[source], to: &replicas[target], using: &random)
                #expect(replicas[target].document == replicas[target].shown, "seed \(seed): a merge")
            }
        }
        counts.merges += try exchangeEverything(&replicas)
        for replica in replicas {
            #expect(replica.engine.version == replicas[0].engine.version, "seed \(seed)")
            #expect(replica.document == replica.shown, "seed \(seed)")
            #expect(replica.document == replicas[0].document, "seed \(seed)")
        }
        checkPlaces(replicas[0].document, seed: seed)
        let encoded = try replicas[0].engine.encodedState()
        for replica in replicas { #expect(try replica.engine.encodedState() == encoded, "seed \(seed)") }
        let rebuilt = try ReplicaEngine(
            decoding: encoded, replica: replicas[1].engine.replica, shapes: TestReplica.shapes)
        #expect(VisibleDocument(rebuilt) == replicas[0].document, "seed \(seed)")
        #expect(rebuilt.version == replicas[0].engine.version, "seed \(seed)")
        // The state leaves out the places its node states show: decoding derives them again.
        #expect(try rebuilt.encodedState() == encoded, "seed \(seed)")
        #expect(rebuilt.placements.mapValues { $0.sorted() } == replicas[0].engine.placements.mapValues { $0.sorted() })
        let former = try replicas[0].engine.encodedState(format: ReplicaEngine.formerStateFormat)
        let fromFormer = try ReplicaEngine(decoding: former, replica: replicas[1].engine.replica, shapes: TestReplica.shapes)
        #expect(try fromFormer.encodedState() == encoded, "seed \(seed)")
        let previous = try replicas[0].engine.encodedState(format: ReplicaEngine.previousStateFormat)
        let fromPrevious = try ReplicaEngine(decoding: previous, replica: replicas[1].engine.replica, shapes: TestReplica.shapes)
        #expect(try fromPrevious.encodedState() == encoded, "seed \(seed)")
        print(
            "replica fuzz seed \(seed): \(replicas.count) replicas, \(counts.updates) updates, "
                + "\(counts.operations) operations (\(counts.moves) moves), \(counts.merges) merges, "
                + "\(replicas[0].document.nodes.count) nodes")
    }

    /// Every replica receives what every other has; returns the number of merges.
    private func exchangeEverything(_ replicas: inout [TestReplica]) throws -> Int {
        var merges = 0
        for _ in replicas.indices {
            for target in replicas.indices {
                for source in replicas.indices where source != target {
                    try replicas[target].receive(from: replicas[source])
                    merges += 1
                }
            }
        }
        return merges
    }

    /// Once every replica has everything, one is opened again from its state (which keeps no
    /// history): it must go on merging and serving what it makes and merges from then on.
    private func reopenFromState(_ replicas: inout [TestReplica], using random: inout SeededGenerator) throws {
        _ = try exchangeEverything(&replicas)
        let index = Int.random(in: replicas.indices, using: &random)
        let engine = replicas[index].engine
        replicas[index].engine = try ReplicaEngine(
            decoding: engine.encodedState(), replica: engine.replica, shapes: TestReplica.shapes)
        #expect(replicas[index].shown == replicas[index].document)
        #expect(replicas[index].engine.version == engine.version)
    }

    /// Hands `target` what `source` has since a random version (so duplicates too), shuffled,
    /// in batches, some twice. Returns the number of merges.
    private func deliver(
        from source: TestReplica, to target: inout TestReplica, using random: inout SeededGenerator
    ) throws -> Int {
        let since = Bool.random(using: &random) ? target.engine.version : DocumentVersion()
        var changes = source.engine.changes(since: since).changes.shuffled(using: &random)
        var merges = 0
        while !changes.isEmpty {
            let batch = Array(changes.prefix(Int.random(in: 1...3, using: &random)))
            changes.removeFirst(batch.count)
            let set = ChangeSet(document: "board", model: "Board", changes: batch)
            for _ in 0..<(Int.random(in: 0..<4, using: &random) == 0 ? 2 : 1) {
                try target.receive(set)
                merges += 1
            }
        }
        return merges
    }

    /// Every board is in at most one place and none holds itself through its items.
    private func checkPlaces(_ document: VisibleDocument, seed: UInt64) {
        var places: [NodeID: Int] = [:]
        for holder in document.nodes.keys {
            for (_, node) in document.children(of: holder) { places[node, default: 0] += 1 }
        }
        #expect(places.values.allSatisfy { $0 == 1 }, "seed \(seed): a board in two places")
        for node in document.nodes.keys {
            let below = document.children(of: node).flatMap { document.reachable(from: $0.child) }
            #expect(!below.contains(node), "seed \(seed): a cycle through \(node)")
        }
    }
}

extension TestReplica {
    /// Makes one random local update of 1 to 3 operations against the visible state; returns
    /// how many operations it had.
    mutating func randomUpdate(using random: inout SeededGenerator, moves: inout Int) -> Int {
        var after = document
        var operations: [ReplicaOperation] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let step = randomOperations(on: after, using: &random, moves: &moves)
            after.apply(step)
            operations += step
        }
        record(operations)
        return operations.count
    }

    private mutating func randomOperations(
        on document: VisibleDocument, using random: inout SeededGenerator, moves: inout Int
    ) -> [ReplicaOperation] {
        let boards = document.reachable(from: Self.root)
        // Now and then a board no longer in the document (the mediator keeps removed nodes):
        // its edits must be kept and come back with it.
        let hidden = document.nodes.keys.filter { !boards.contains($0) }.sorted()
        let removed = random.next() % 6 == 0 ? hidden.randomElement(using: &random) : nil
        let board = removed ?? boards.randomElement(using: &random)!
        let numbers = document.elements(board, "numbers")
        let items = document.elements(board, "items")
        let numbersAbsent = document.nodes[board]!.members["numbers"] == .absent
        let word = ReplicaValue.json("\"\(engine.replica)-\(random.next() % 1000)\"")
        let key = "\"k\(random.next() % 4)\""
        let label = ReplicaValue.json("\"l\(random.next() % 4)\"")
        switch random.next() % 11 {
        case 0:
            return [.set(node: board, member: "title", content: .value(word))]
        case 1 where numbersAbsent, 2 where numbersAbsent:
            return [.set(node: board, member: "numbers", content: .elements([word]))]
        case 1:
            let values = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                ReplicaValue.json("\"\(engine.replica)-\(random.next() % 1000)\"")
            }
            let at = Int.random(in: 0...numbers.count, using: &random)
            return [.splice(node: board, member: "numbers", at: at, removing: 0, inserting: values)]
        case 2 where !numbers.isEmpty:
            let at = Int.random(in: 0..<numbers.count, using: &random)
            let removing = Int.random(in: 1...min(3, numbers.count - at), using: &random)
            return [.splice(node: board, member: "numbers", at: at, removing: removing, inserting: [])]
        case 3:
            return [.setKeys(node: board, member: "tags", setting: [ReplicaEntry(key: key, value: word)], removing: [])]
        case 4:
            return [.setKeys(node: board, member: "tags", setting: [], removing: [.json(key)])]
        case 5:
            let inserting = Bool.random(using: &random)
            return [
                .setElements(
                    node: board, member: "labels", inserting: inserting ? [label] : [],
                    removing: inserting ? [] : [label])
            ]
        case 6:
            let node = engine.newNode()
            let at = Int.random(in: 0...items.count, using: &random)
            return [
                Self.make(node, title: word.jsonText),
                .splice(node: board, member: "items", at: at, removing: 0, inserting: [.node(node)]),
            ]
        case 7 where !items.isEmpty:
            return [
                .splice(
                    node: board, member: "items", at: Int.random(in: 0..<items.count, using: &random), removing: 1,
                    inserting: [])
            ]
        case 8, 9:
            guard boards.count > 1, boards.contains(board) else { return [] }
            moves += 1
            return randomMove(
                of: boards[Int.random(in: 1..<boards.count, using: &random)], among: boards, on: document,
                using: &random)
        case 10:
            let values = (0..<Int.random(in: 0...2, using: &random)).map { _ in word }
            let absent = random.next() % 3 == 0
            return [.set(node: board, member: "numbers", content: absent ? .absent : .elements(values))]
        default:
            return []
        }
    }
}

extension TestReplica {
    /// Moves a board from its place (an item or a pinned key) to another board's items or
    /// pinned keys, never into itself or its descendants as this replica sees them.
    fileprivate func randomMove(
        of node: NodeID, among boards: [NodeID], on document: VisibleDocument, using random: inout SeededGenerator
    ) -> [ReplicaOperation] {
        let (holder, place) = boards.lazy.compactMap { holder in
            document.children(of: holder).first { $0.child == node }.map { (holder, $0.place) }
        }.first!
        let inside = Set(document.reachable(from: node))
        let destination = boards.filter { !inside.contains($0) }.randomElement(using: &random)!
        let removal: ReplicaOperation
        switch place {
        case .item(let index):
            removal = .splice(node: holder, member: "items", at: index, removing: 1, inserting: [])
        case .pinned(let key):
            removal = .setKeys(node: holder, member: "pinned", setting: [], removing: [.json(key)])
        case .child:
            removal = .set(node: holder, member: "child", content: .value(.json("null")))
        }
        var removed = document
        removed.apply(removal)
        switch random.next() % 4 {
        case 0:
            return [removal, .set(node: destination, member: "child", content: .value(.node(node)))]
        case 1:
            let entry = ReplicaEntry(key: "\"p\(random.next() % 3)\"", value: .node(node))
            return [removal, .setKeys(node: destination, member: "pinned", setting: [entry], removing: [])]
        default:
            break
        }
        let to = Int.random(in: 0...removed.elements(destination, "items").count, using: &random)
        return [removal, .splice(node: destination, member: "items", at: to, removing: 0, inserting: [.node(node)])]
    }
}

extension ReplicaValue {
    fileprivate var jsonText: String {
        if case .json(let text) = self { text } else { "null" }
    }
}
