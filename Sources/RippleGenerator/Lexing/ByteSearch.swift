import Foundation

/// Finds a byte in a buffer with the C library's `memchr`, which compares many bytes at a time:
/// the scans that every file of a target goes through look for a byte that is rare in Swift
/// code (`_`, `x`) and read around it only where it is.
enum ByteSearch {
    /// The offset of the first `byte` of `buffer` at or after `start`; `nil` when there is none.
    static func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start >= 0, start < buffer.count, let base = buffer.baseAddress,
              let found = memchr(base + start, Int32(byte), buffer.count - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}
