@testable import Ripple
import Testing

/// The compact tables a replica keeps per node, against a dictionary doing the same: a node's
/// registers (a sorted array), the engine's nodes (columns by slot) and the session's identities
/// by number (an array, with dictionaries for numbers far beyond the others) and numbers by
/// identity.
@Suite struct ReplicaTableTests {
    @Test(arguments: 0..<8 as Range<UInt64>)
    func registersReadAndWriteAsADictionaryWould(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        let members = ["a", "b", "label", "x", "y", "é", "a long member name past fifteen bytes"]
        let replicas = [ReplicaID(rawValue: 3)!, ReplicaID(rawValue: 9)!]
        var table = RegisterTable()
        var reference: [String: RegisterState] = [:]
        for step in 0..<200 {
            let member = members.randomElement(using: &random)!
            let id = OperationID(counter: UInt64.random(in: 1...40, using: &random), replica: replicas.randomElement(using: &random)!)
            let value = ReplicaValue.json(String(Int.random(in: 0..<5, using: &random)))
            if Int.random(in: 0..<8, using: &random) == 0 {
                var state = RegisterState()
                state.write(value, id: id)
                table.set(state, member: member)
                reference[member] = state
            } else {
                table.write(value, id: id, member: member)
                reference[member, default: RegisterState()].write(value, id: id)
            }
            #expect(table.entries.map(\.member) == reference.keys.sorted(), "seed \(seed), step \(step)")
            #expect(table.count == reference.count)
            for name in members { #expect(table[name] == reference[name], "seed \(seed), step \(step), \(name)") }
        }
    }

    @Test(arguments: 0..<8 as Range<UInt64>)
    func identitiesByNumberReadAndWriteAsADictionaryWould(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        var table = NumberedNodes()
        var reference: [UInt64: NodeID] = [:]
        var numberOf: [NodeID: UInt64] = [:]
        var ids: [NodeID] = []
        var next: UInt64 = 1
        var numbers: [UInt64] = []
        for step in 0..<2_000 {
            let number: UInt64
            switch Int.random(in: 0..<10, using: &random) {
            case 0: number = UInt64.random(in: 0...(1 << 62), using: &random)  // far beyond: a hostile document
            case 1: number = next + UInt64.random(in: 0..<3_000, using: &random)  // a gap
            case 2, 3: number = numbers.randomElement(using: &random) ?? 0  // one held already
            default: number = next  // the next, as documents give them
            }
            if number < (1 << 20) { next = max(next, number + 1) }
            numbers.append(number)
            // Some identities do not pack into the array's 8 bytes (a clock past 2^48).
            let counter = UInt64(step) + (Int.random(in: 0..<8, using: &random) == 0 ? 1 << 50 : 1)
            let replica = ReplicaID(rawValue: UInt64.random(in: 5...7, using: &random))!
            let id: NodeID? =
                Int.random(in: 0..<6, using: &random) == 0 ? nil : NodeID(made: OperationID(counter: counter, replica: replica))
            if let id { table.set(id, node: nil, number: number) } else { table.remove(number) }
            if let old = reference[number] { numberOf[old] = nil }
            reference[number] = id
            if let id {
                numberOf[id] = number
                ids.append(id)
            }
            let probe = numbers.randomElement(using: &random)!
            #expect(table[probe] == reference[probe], "seed \(seed), step \(step)")
            if let probeID = ids.randomElement(using: &random) {
                #expect(table.number(of: probeID) == numberOf[probeID], "seed \(seed), step \(step)")
            }
            #expect(table.count == reference.count)
            #expect(table[number &+ 1] == reference[number &+ 1])
        }
        for number in numbers { #expect(table[number] == reference[number], "seed \(seed)") }
    }

    /// A register's record numbers the replicas of its writes in 16 bits: writes of more
    /// replicas than that keep their identities beside it, and read back alike.
    @Test func registersOfMoreReplicasThanARecordNumbersReadBack() {
        let count = Int(UInt16.max) + 100
        let ids = (1...UInt64(count)).map { NodeID(made: OperationID(counter: $0, replica: ReplicaID(rawValue: 1)!)) }
        var table = ReplicaNodes()
        for id in ids { table[id] = ReplicaNode(type: "Point") }
        for (index, id) in ids.enumerated() {
            let write = OperationID(counter: UInt64(index) + 1, replica: ReplicaID(rawValue: UInt64(index) + 2)!)
            table.writeRegister(.json("\(index)"), id: write, member: "x", at: table.slot(of: id)!)
        }
        // The first node's slot is taken by the last (out of line), which must read the same.
        table[ids[0]] = nil
        for (index, id) in ids.enumerated().dropFirst() {
            guard let winner = table.register("x", of: id)?.winner else {
                Issue.record("node \(index) lost its register")
                continue
            }
            #expect(winner.id == OperationID(counter: UInt64(index) + 1, replica: ReplicaID(rawValue: UInt64(index) + 2)!))
            #expect(winner.value == .json("\(index)"))
        }
    }

    /// A place's record holds its counters in 32 bits and its replicas and member as 16-bit
    /// numbers: places past those (a clock past 2^32, more replicas than 65,535) are kept whole
    /// beside the records, and read back alike, also once the column drops the runs it left.
    @Test func placesThatDoNotFitARecordReadBack() {
        let count = Int(UInt16.max) + 100
        let replicas = (1...UInt64(count)).map { ReplicaID(rawValue: $0)! }
        var column = PlacementColumn()
        var expected: [[Placement]] = []
        for (index, replica) in replicas.enumerated() {
            let counter = UInt64(index) + (index % 3 == 0 ? 1 << 40 : 1)
            let holder = NodeID(made: OperationID(counter: index % 5 == 0 ? 1 << 33 : 2, replica: replicas[0]))
            let places = [Placement(holder: holder, member: "points", id: OperationID(counter: counter, replica: replica))]
            column.append(places)
            expected.append(places)
        }
        // Some nodes gain a second place (moving their runs), half lose theirs: the column
        // drops the slots no run owns.
        for slot in stride(from: 0, to: count, by: 7) {
            let place = Placement(holder: .genesis(1), member: "m\(slot)", id: OperationID(counter: UInt64(slot) + 1, replica: replicas[slot]))
            column.append(place, at: slot)
            expected[slot].append(place)
        }
        for slot in stride(from: 1, to: count, by: 2) {
            column.keep(0, at: slot)
            expected[slot] = []
        }
        #expect(column.copiedPlaces > count / 2, "the column dropped no slots")
        for slot in 0..<count where Array(column[slot]) != expected[slot] {
            Issue.record("slot \(slot): \(Array(column[slot])), expected \(expected[slot])")
            return
        }
    }

    /// The engine's node table (columns by slot, placements among them) against a dictionary of
    /// nodes and one of places: adds, edits in place, removals (which move the last node into
    /// the gap) and places of nodes it does not hold.
    /// Seeds from 8 on take enough steps that the flat columns of registers and places drop
    /// the runs they left behind (past 1,024 of them).
    @Test(arguments: 0..<10 as Range<UInt64>)
    func nodesReadAndWriteAsDictionariesWould(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        let replica = ReplicaID(rawValue: 4)!
        let ids = (1...60 as ClosedRange<UInt64>).map { NodeID(made: OperationID(counter: $0, replica: replica)) }
        var table = ReplicaNodes()
        var nodes: [NodeID: ReplicaNode] = [:]
        var places: [NodeID: [Placement]] = [:]
        for step in 0..<(seed < 8 ? 600 : 8_000) {
            let id = ids.randomElement(using: &random)!
            // Some writes of other replicas, some with clocks past 32 bits: identities that a
            // register's record cannot hold, kept beside it.
            let write = OperationID(
                counter: UInt64(step) + (step % 7 == 3 ? 1 << 40 : 100),
                replica: step % 5 == 2 ? ReplicaID(rawValue: UInt64(step % 3) + 10)! : replica)
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                let node = ReplicaNode(type: ["Board", "Card", "Point"].randomElement(using: &random)!)
                table[id] = node
                nodes[id] = node
            case 1:
                table[id] = nil
                nodes[id] = nil
            case 2:
                let member = ["x", "a", "m"].randomElement(using: &random)!
                if let slot = table.slot(of: id), Bool.random(using: &random) {
                    table.writeRegister(.json("\(step)"), id: write, member: member, at: slot)
                } else {
                    table[id]?.registers.write(.json("\(step)"), id: write, member: member)
                }
                nodes[id]?.registers.write(.json("\(step)"), id: write, member: member)
            case 3:
                table[id]?.sequences["items", default: SequenceState()].insert(.json("1"), id: write, parent: nil, leftSide: false)
                nodes[id]?.sequences["items", default: SequenceState()].insert(.json("1"), id: write, parent: nil, leftSide: false)
            case 4 where Int.random(in: 0..<4, using: &random) == 0:
                let count = Int.random(in: 0...3, using: &random)
                let set = (0..<count).map { Placement(holder: ids[$0], member: "set", id: write) }
                table.setPlacements(set, of: id)
                places[id] = set.isEmpty ? nil : set
            case 4:
                let place = Placement(holder: ids.randomElement(using: &random)!, member: "items", id: write)
                table.addPlacement(place, of: id)
                places[id, default: []].append(place)
            default:
                let count = Int.random(in: 0...(places[id]?.count ?? 0), using: &random)
                table.keepPlacements(of: id, count: count)
                if count == 0 { places[id] = nil } else { places[id]?.removeSubrange(count...) }
            }
            let probe = ids.randomElement(using: &random)!
            #expect(table[probe] == nodes[probe], "seed \(seed), step \(step)")
            #expect(Array(table.placements(of: probe)) == places[probe] ?? [], "seed \(seed), step \(step)")
        }
        #expect(table.count == nodes.count)
        #expect(Dictionary(uniqueKeysWithValues: table.map { ($0.key, $0.value) }) == nodes)
        var placed: [NodeID: [Placement]] = [:]
        table.forEachPlaced { placed[$0] = Array($1) }
        #expect(placed == places)
    }

    /// A node held in many places (a style shared by every cell of a sheet) gains each place at
    /// a constant cost. Its run used to move to the end of the column at every place it gained
    /// (another node's run was behind it), copying all its places: starting a replica of a sheet
    /// of 100,000 cells sharing one style took minutes.
    @Test func aNodeHeldInManyPlacesGainsEachAtAConstantCost() {
        let replica = ReplicaID(rawValue: 4)!
        var column = PlacementColumn()
        column.append([])
        let cells = 5_000
        for cell in 1...cells {
            let id = OperationID(counter: UInt64(cell), replica: replica)
            column.append([Placement(holder: .genesis(0), member: "cells", id: id)])
            column.append(Placement(holder: NodeID(made: id), member: "style", id: id), at: 0)
        }
        #expect(column[0].count == cells)
        #expect(column[0].map(\.id.counter) == Array(1...UInt64(cells)))
        #expect(column[cells][...].map(\.holder) == [.genesis(0)])
        #expect(column.copiedPlaces <= 4 * 2 * cells, "copied \(column.copiedPlaces) places to add \(2 * cells)")
    }
}
