import Foundation
import Testing

@testable import Ripple

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a replica's tables cost in memory (issue 27 item 6: at most 1.5x the document without
/// them), measured as the heap's growth while a table of `ripple-bench` table 17's shape (a
/// run of 100,000 items, as one update made them) is built and held.
@Suite(.serialized) struct ReplicaMemoryTests {
    private static let count = 100_000
    private static let replica = ReplicaID(rawValue: 7)!

    /// A sequence keeps its items by slot in arrays: under two hundred bytes an item, where a
    /// dictionary of items and two of children lists cost about four hundred. (The smallest of up
    /// to six attempts: tests that run beside it allocate too.)
    @Test func aSequenceOfARunCostsUnderTwoHundredBytesAnItem() throws {
        guard let growth = Self.smallestGrowth(under: 200, per: Self.count, while: Self.runSequence) else { return }
        #expect(growth / Self.count < 200, "\(growth / Self.count) bytes an item")
    }

    /// A replica engine that made `points` points (three registers each) and put them into its
    /// root's sequence, as table 17's replica did: its nodes are columns of a table by slot,
    /// their places among them, a register 28 bytes with its write's identity in its value's
    /// padding, and the change that made them reserved its nodes, registers and items at once:
    /// under 500 bytes a point (392 measured alone, 350 at 100,000), where registers of 44
    /// bytes in columns grown as they filled cost about 520 (623 once in CI beside other suites
    /// that allocate), and a dictionary of nodes and one of places about 350 more. Its
    /// dictionaries hold 2.6 buckets an entry at this count, as at table 17's 100,000. (The
    /// smallest of up to three attempts; a debug build takes seconds per run.)
    @Test func anEngineOfMadePointsCostsUnderFiveHundredBytesAPoint() throws {
        let change = Self.pointsChange()
        let growth = try Self.smallestGrowth(under: 500, per: Self.points, attempts: 3) { try Self.engine(applying: change) }
        guard let growth else { return }
        #expect(growth / Self.points < 500, "\(growth / Self.points) bytes a point")
    }

    private static let points = 25_000

    /// The session's table of numbered nodes (their identities and nodes by number, and numbers
    /// by identity) costs under 42 bytes a node: an array of 24-byte entries by number (the
    /// identity packed into 8), grown by a quarter, and an index of numbers (about 36 bytes
    /// measured), where entries of 32 bytes in an array grown by doubling cost about 52, and a
    /// dictionary from identities to nodes beside an array of identities about 104. (The
    /// smallest of up to six attempts.)
    @MainActor
    @Test func theSessionsNumberedNodesCostUnderFortyTwoBytesANode() {
        let shelves = (0..<Self.count).map { Shelf(id: $0, title: "") }
        let growth = Self.smallestGrowth(under: 42, per: Self.count) {
            var table = NumberedNodes()
            for (index, shelf) in shelves.enumerated() {
                let id = NodeID(made: OperationID(counter: UInt64(index) + 1, replica: Self.replica))
                table.set(id, node: shelf, number: UInt64(index) + 1)
            }
            return table
        }
        guard let growth else { return }
        #expect(growth / Self.count < 42, "\(growth / Self.count) bytes a node")
    }

    /// A node's registers cost under 86 bytes for three: a register is a record of 24 bytes
    /// (the record's two flags share a byte, so that the write's replica and counter fit the
    /// value's padding: as two `Bool`s they pushed the record to 32, and three registers cost
    /// 116 bytes), and the node's run names its members' layout (a member's number beside each
    /// register cost 92 bytes for three). (The smallest of up to six attempts.)
    @Test func threeRegistersCostUnderEightySixBytesANode() {
        let growth = Self.smallestGrowth(under: 86, per: Self.count) {
            var registers = RegisterColumns()
            registers.reserve(nodes: Self.count, registers: 3 * Self.count)
            for slot in 0..<Self.count {
                registers.append()
                for (offset, member) in ["label", "x", "y"].enumerated() {
                    let id = OperationID(counter: UInt64(4 * slot + offset + 1), replica: Self.replica)
                    registers.write(.json(String(slot)), id: id, member: member, at: slot)
                }
            }
            return registers
        }
        guard let growth else { return }
        #expect(growth / Self.count < 86, "\(growth / Self.count) bytes a node")
    }

    /// A node held in one place costs its places' column under 46 bytes: a place is a record of
    /// 16 bytes (its holder's and its own counters in 32 bits, their replicas and its member as
    /// 16-bit numbers into tables), where a record of 64-bit counters took 32 and the node about
    /// 52, and a ``Placement`` (its member's name a string) 48 and the node 64. (The smallest of
    /// up to six attempts; 36 to 41 measured, by where the columns' spare room falls.)
    @Test func aNodeHeldInOnePlaceCostsItsPlacesUnderFortySixBytes() {
        let growth = Self.smallestGrowth(under: 46, per: Self.count) {
            var places = PlacementColumn()
            for slot in 0..<Self.count {
                let id = OperationID(counter: UInt64(slot + 1), replica: Self.replica)
                places.append([Placement(holder: Self.root, member: "points", id: id)])
            }
            return places
        }
        guard let growth else { return }
        #expect(growth / Self.count < 46, "\(growth / Self.count) bytes a node")
    }

    private static let shapes: [String: [String: MemberShape]] = ["Board": ["points": .sequence]]
    private static let root = NodeID.genesis(1)

    /// One change that makes `points` points, writes their members and inserts them into the root.
    private static func pointsChange() -> ReplicaChange {
        var operations: [ChangeOperation] = []
        let points = (0..<Self.points).map { NodeID(made: OperationID(counter: UInt64($0) + 1, replica: replica)) }
        for point in points { operations.append(.make(node: point, type: "Point")) }
        for (index, point) in points.enumerated() {
            for member in ["label", "x", "y"] {
                operations.append(.write(node: point, member: member, value: .json(String(index))))
            }
        }
        operations.append(.insert(node: root, member: "points", parent: nil, leftSide: false, values: points.map(ReplicaValue.node)))
        return ReplicaChange(
            replica: replica, sequence: 1, dependencies: DocumentVersion(), firstCounter: UInt64(points.count) + 1,
            operations: operations)
    }

    private static func engine(applying change: ReplicaChange) throws -> ReplicaEngine {
        var engine = ReplicaEngine(replica: ReplicaID(rawValue: 8)!, document: "points", model: "Board", shapes: shapes)
        engine.recordLocal([.make(node: root, type: "Board", members: [ReplicaMember(name: "points", content: .elements([]))])])
        _ = try engine.integrate(ChangeSet(document: "points", model: "Board", changes: [change]))
        return engine
    }

    /// A sequence of `count` items typed in one run, each holding a node.
    private static func runSequence() -> SequenceState {
        var sequence = SequenceState()
        var parent: OperationID?
        for index in 0..<count {
            let id = OperationID(counter: UInt64(2 * index + 1), replica: replica)
            let node = NodeID(made: OperationID(counter: UInt64(2 * index + 2), replica: replica))
            sequence.insert(.node(node), id: id, parent: parent, leftSide: false)
            parent = id
        }
        return sequence
    }

    /// The smallest heap growth of up to `attempts` builds by `make`, stopping at the first under
    /// `bound` bytes for each of `count` items: the heap is the process's, and suites that run
    /// beside this one allocate too (in CI the smaller of two attempts once measured 220 bytes a
    /// node for the registers bound at 86, and 52 for the places bound at 46).
    static func smallestGrowth<Value>(
        under bound: Int, per count: Int, attempts: Int = 6, while make: () throws -> Value
    ) rethrows -> Int? {
        var smallest: Int?
        for _ in 0..<attempts {
            guard let growth = try heapGrowth(while: make) else { return nil }
            smallest = min(smallest ?? growth, growth)
            if growth / count < bound { break }
        }
        return smallest
    }

    /// How much the heap grew while `make` built what it returns, measured while that is still
    /// alive (nil where the allocator does not tell).
    static func heapGrowth<Value>(while make: () throws -> Value) rethrows -> Int? {
        guard let before = heapBytes() else { return nil }
        let value = try make()
        guard let after = heapBytes() else { return nil }
        withExtendedLifetime(value) {}
        return after - before
    }

    /// The bytes the C heap holds, from the allocator's own statistics.
    static func heapBytes() -> Int? {
        #if canImport(Glibc)
        // `mallinfo2()` is not in Swift's Glibc module: looked up at run time. Its result (ten
        // `size_t`) comes back through a hidden pointer, as a larger struct (`rusage`) does.
        typealias Mallinfo2 = @convention(c) () -> rusage
        guard MemoryLayout<rusage>.size >= 10 * MemoryLayout<Int>.size, let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallinfo2")
        else { return nil }
        var info = unsafeBitCast(symbol, to: Mallinfo2.self)()
        return withUnsafeBytes(of: &info) { fields in
            fields.load(fromByteOffset: 7 * MemoryLayout<Int>.stride, as: Int.self)  // uordblks
                + fields.load(fromByteOffset: 4 * MemoryLayout<Int>.stride, as: Int.self)  // hblkhd
        }
        #elseif canImport(Darwin)
        var statistics = malloc_statistics_t()
        malloc_zone_statistics(nil, &statistics)
        return Int(statistics.size_in_use)
        #else
        return nil
        #endif
    }
}
