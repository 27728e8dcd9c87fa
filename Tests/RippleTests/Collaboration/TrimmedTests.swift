@testable import Ripple
import Testing

/// A table trimmed after it was read whole (a replica opened from a snapshot) keeps a little
/// room, so that its first edits do not copy it whole.
@Suite struct TrimmedTests {
    private func bufferAddress(_ array: [Int]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    @Test func aTrimmedArrayLetsGoOfMostOfItsRoom() {
        var grown: [Int] = []
        for value in 0..<10_000 { grown.append(value) }
        let trimmed = grown.trimmed()
        #expect(trimmed == grown)
        #expect(trimmed.capacity < grown.capacity)
        #expect(trimmed.capacity <= 10_000 + 10_000 / 16)
    }

    @Test func aTrimmedArrayTakesItsFirstInsertsWithoutCopying() {
        var trimmed = Array(0..<10_000).trimmed()
        let storage = bufferAddress(trimmed)
        for value in 0..<100 { trimmed.insert(value, at: 5_000) }
        #expect(bufferAddress(trimmed) == storage, "the first inserts copied the array")
    }

    @Test func aShortTrimmedArrayKeepsNoRoom() {
        let trimmed = Array(0..<20).trimmed()
        #expect(trimmed.capacity < 20 + 8)
    }
}
