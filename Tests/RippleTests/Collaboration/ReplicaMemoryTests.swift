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
    /// dictionary of items and two of children lists cost about four hundred. (The smallest of
    /// three: tests that run beside it allocate too.)
    @Test func aSequenceOfARunCostsUnderTwoHundredBytesAnItem() throws {
        let growths = (0..<3).compactMap { _ in Self.heapGrowth(while: Self.runSequence) }
        guard let growth = growths.min() else { return }
        #expect(growth / Self.count < 200, "\(growth / Self.count) bytes an item")
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

    /// How much the heap grew while `make` built what it returns, measured while that is still
    /// alive (nil where the allocator does not tell).
    static func heapGrowth<Value>(while make: () -> Value) -> Int? {
        guard let before = heapBytes() else { return nil }
        let value = make()
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
