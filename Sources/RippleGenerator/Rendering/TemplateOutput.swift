/// The text a template renders, collected as UTF-8 bytes.
///
/// Rendering appends millions of small pieces; appending to a `String` or an `Array` checks
/// uniqueness and capacity each time, which costs more than copying the bytes. This buffer is
/// a run of chunks that it allocates itself: an append is a capacity check and a copy (of
/// whole 16-byte blocks when the source is padded), and a chunk that is full stays where it
/// is, so a large output is never copied to grow. The bytes become a `String` once, at the end.
///
/// Copies of an output share its chunks: only one of them may be appended to.
struct TemplateOutput {
    /// Owns the chunks, and frees them with the last copy of the output.
    private final class Chunks {
        /// The filled chunks, in order, and how many bytes each holds.
        var filled: [(chunk: UnsafeMutablePointer<UInt8>, count: Int)] = []
        var current: UnsafeMutablePointer<UInt8>

        init(capacity: Int) {
            current = .allocate(capacity: capacity)
        }

        deinit {
            for (chunk, _) in filled {
                chunk.deallocate()
            }
            current.deallocate()
        }
    }

    /// The largest chunk allocated; chunks grow up to it, from the first capacity asked for.
    private static let largestChunk = 1 << 20

    private let chunks: Chunks
    /// The chunk being filled, `chunks.current`.
    private var chunk: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    /// An empty output whose first chunk holds `capacity` bytes.
    init(capacity: Int) {
        self.capacity = max(capacity, 4096)
        chunks = Chunks(capacity: self.capacity)
        chunk = chunks.current
    }

    /// Appends `byteCount` bytes from `source`, followed by at least ``PaddedArray/padding``
    /// readable bytes: the bytes are copied as whole 16-byte blocks, which a name or a line of
    /// template text fills in one or two.
    ///
    /// Counts are those of pieces of templates and contexts (at most 2 GB), far from overflowing.
    @inline(__always)
    mutating func append(padded source: UnsafePointer<UInt8>, count byteCount: Int) {
        reserve(byteCount &+ PaddedArray<UInt8>.padding)
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(chunk + count)
        var offset = 0
        repeat {
            let block = from.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
            to.storeBytes(of: block, toByteOffset: offset, as: SIMD16<UInt8>.self)
            offset &+= 16
        } while offset < byteCount
        count &+= byteCount
    }

    /// Appends the bytes of `bytes`.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (chunk + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends an ASCII literal such as `"true"`.
    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends an int in decimal, as `String(int)` writes it.
    mutating func append(_ int: Int) {
        var digitCount = 1
        var rest = int.magnitude / 10
        while rest > 0 {
            digitCount += 1
            rest /= 10
        }
        let length = int < 0 ? digitCount + 1 : digitCount
        reserve(length)
        var magnitude = int.magnitude
        var position = count + length
        repeat {
            position -= 1
            chunk[position] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        if int < 0 {
            chunk[count] = UInt8(ascii: "-")
        }
        count += length
    }

    /// Makes room for `byteCount` more bytes in the current chunk, starting a new one if needed.
    @inline(__always)
    private mutating func reserve(_ byteCount: Int) {
        if count &+ byteCount > capacity {
            startChunk(for: byteCount)
        }
    }

    /// Keeps the current chunk as it is and starts a new one with room for `byteCount` bytes.
    @inline(never)
    private mutating func startChunk(for byteCount: Int) {
        chunks.filled.append((chunk, count))
        capacity = max(byteCount, min(Self.largestChunk, 2 * capacity))
        chunk = .allocate(capacity: capacity)
        chunks.current = chunk
        count = 0
    }

    /// The text.
    var text: String {
        let total = chunks.filled.reduce(count) { $0 + $1.count }
        return String(unsafeUninitializedCapacity: total) { text in
            var offset = 0
            for (chunk, count) in chunks.filled + [(chunk, count)] where count > 0 {
                (text.baseAddress! + offset).initialize(from: chunk, count: count)
                offset += count
            }
            return total
        }
    }
}
