import Foundation

/// One value ``JSONStreamEncoder`` is writing: an object or array with bytes of its own, or a
/// slot for a single value (the top level, a super encoder's value).
///
/// Objects remember where each key is, and arrays of sets and dictionaries where each element
/// is, so that closing can put them in a deterministic order.
///
/// The stored properties skip the runtime's exclusivity checks (`@exclusivity(unchecked)`):
/// every byte written goes through them, the checks cost a quarter of the encoding time, and
/// only the encoder that owns a frame uses it, one access at a time.
final class JSONFrame {
    enum Kind { case object, array, value }

    /// How an array's elements are ordered when it closes.
    enum Order {
        case asWritten
        /// A set's elements, by their bytes.
        case byElement
        /// A dictionary's key and value pairs, by their bytes.
        case byPair
    }

    /// Where a frame was, to undo a member or element whose encoding failed.
    struct Checkpoint {
        let writer: JSONWriter.Checkpoint
        let marks, nested, count: Int
        let isSorted: Bool
    }

    @exclusivity(unchecked) var kind = Kind.value
    @exclusivity(unchecked) var writer = JSONWriter()
    @exclusivity(unchecked) var order = Order.asWritten
    /// An object's keys (each the offset of its first byte and of its closing quote), or the
    /// offset of each element of an array that is not ``Order/asWritten``.
    @exclusivity(unchecked) private var marks: [Int] = []
    /// Members or elements written so far.
    @exclusivity(unchecked) private(set) var count = 0
    /// Whether an object's keys were written in increasing order, without repeats.
    @exclusivity(unchecked) private var isSorted = true
    /// Containers and super encoders made for members or elements, which may be written in
    /// any order until this frame closes, and are then spliced in at their offsets.
    @exclusivity(unchecked) private var nested: [(offset: Int, frame: JSONFrame)] = []
    /// Where this frame is in the value being encoded, for coding paths.
    @exclusivity(unchecked) private(set) var parent: JSONFrame?
    @exclusivity(unchecked) private(set) var key: (any CodingKey)?
    @exclusivity(unchecked) private(set) var depth = 0
    /// Changes whenever the frame is closed, so that a container kept past that fails.
    @exclusivity(unchecked) private(set) var generation = 0

    /// Makes the frame the start of a new value.
    func open(_ kind: Kind, parent: JSONFrame?, key: (any CodingKey)?) {
        (self.kind, self.parent, self.key) = (kind, parent, key)
        depth = (parent?.depth ?? 0) + (kind == .value ? 0 : 1)
        switch kind {
        case .object: writer.beginObject()
        case .array: writer.beginArray()
        case .value: break
        }
    }

    /// Forgets the value, keeping the storage, and invalidates its containers.
    func recycle() {
        writer.removeAll()
        marks.removeAll(keepingCapacity: true)
        nested.removeAll(keepingCapacity: true)
        (count, isSorted, order, parent, key) = (0, true, .asWritten, nil, nil)
        generation += 1
    }

    /// The keys from the top-level value to this frame.
    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var frame: JSONFrame? = self
        while let current = frame {
            if let key = current.key { path.append(key) }
            frame = current.parent
        }
        return path.reversed()
    }

    /// Writes an object member's key; its value comes next.
    func beginMember(_ key: String) {
        writer.separate()
        let start = writer.bytes.count + 1
        writer.key(key)
        let end = writer.bytes.count - 2
        if isSorted, marks.count >= 2 {
            isSorted = writer.bytes.withUnsafeBufferPointer { bytes in
                Self.compare(bytes, marks[marks.count - 2]..<marks[marks.count - 1], start..<end) < 0
            }
        }
        marks.append(start)
        marks.append(end)
        count += 1
    }

    /// Starts an array element; its value comes next.
    func beginElement() {
        writer.separate()
        if order != .asWritten { marks.append(writer.bytes.count) }
        count += 1
    }

    /// Adds `frame`, a container or super encoder for the member or element just begun.
    func nest(_ frame: JSONFrame) {
        nested.append((writer.bytes.count, frame))
        writer.needsComma = true
    }

    var checkpoint: Checkpoint {
        Checkpoint(writer: writer.checkpoint, marks: marks.count, nested: nested.count, count: count, isSorted: isSorted)
    }

    func restore(_ checkpoint: Checkpoint) {
        writer.restore(checkpoint.writer)
        marks.removeSubrange(checkpoint.marks...)
        nested.removeSubrange(checkpoint.nested...)
        (count, isSorted) = (checkpoint.count, checkpoint.isSorted)
    }

    /// Completes the text: splices nested containers in, sorts, closes the bracket.
    ///
    /// - Parameter released: Where the nested containers' frames go once spliced in, to be used
    ///   again (a container kept past this fails: its frame's generation changed).
    func close(scratch: inout [UInt8], releasing released: inout [JSONFrame]) {
        if !nested.isEmpty { splice(scratch: &scratch, releasing: &released) }
        switch kind {
        case .object:
            if !isSorted { reorder(scratch: &scratch) }
            writer.endObject()
        case .array:
            if order != .asWritten { reorder(scratch: &scratch) }
            writer.endArray()
        case .value:
            // A super encoder nothing was written to stands for an empty object, as in `JSONEncoder`.
            if writer.bytes.isEmpty {
                writer.beginObject()
                writer.endObject()
            }
        }
    }

    /// Puts each nested frame's text in at its offset, building the text in `scratch`, whose
    /// storage the writer then takes (and `scratch` the writer's): no allocation once both have
    /// grown.
    private func splice(scratch: inout [UInt8], releasing released: inout [JSONFrame]) {
        for (_, frame) in nested { frame.close(scratch: &scratch, releasing: &released) }
        scratch.removeAll(keepingCapacity: true)
        var copied = 0
        var shift = 0
        var mark = 0
        writer.bytes.withUnsafeBufferPointer { bytes in
            for (offset, frame) in nested {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<offset]))
                scratch.append(contentsOf: frame.writer.bytes)
                copied = offset
                // Marks after this offset move by the inserted text (an element's own mark does not).
                while mark < marks.count, marks[mark] <= offset {
                    marks[mark] += shift
                    mark += 1
                }
                shift += frame.writer.bytes.count
            }
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        }
        while mark < marks.count {
            marks[mark] += shift
            mark += 1
        }
        swap(&writer.bytes, &scratch)
        for (_, frame) in nested {
            // A super encoder's frame is not reused: the encoder has no generation to check.
            if frame.kind == .value {
                frame.generation += 1
            } else {
                frame.recycle()
                released.append(frame)
            }
        }
        nested.removeAll(keepingCapacity: true)
    }

    /// Rewrites the members or elements in order of their bytes (an object's: of their keys,
    /// keeping the last of a repeated key, as `JSONEncoder` does).
    private func reorder(scratch: inout [UInt8]) {
        let isObject = kind == .object
        let stride = isObject || (order == .byPair && marks.count % 2 == 0) ? 2 : 1
        var segments: [(whole: Range<Int>, sortKey: Range<Int>)] = []
        segments.reserveCapacity(marks.count / stride)
        for index in Swift.stride(from: 0, to: marks.count, by: stride) {
            let start = isObject ? marks[index] - 1 : marks[index]
            let next = index + stride < marks.count ? marks[index + stride] : nil
            let end = next.map { isObject ? $0 - 2 : $0 - 1 } ?? writer.bytes.count
            segments.append((start..<end, isObject ? marks[index]..<marks[index + 1] : start..<end))
        }
        scratch.removeAll(keepingCapacity: true)
        writer.bytes.withUnsafeBufferPointer { bytes in
            segments.sort { Self.compare(bytes, $0.sortKey, $1.sortKey) < 0 }
            scratch.append(bytes[0])
            for (index, segment) in segments.enumerated() {
                if isObject, index + 1 < segments.count, Self.compare(bytes, segment.sortKey, segments[index + 1].sortKey) == 0 {
                    continue
                }
                if scratch.count > 1 { scratch.append(UInt8(ascii: ",")) }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segment.whole]))
            }
        }
        swap(&scratch, &writer.bytes)
    }

    /// Compares two ranges of bytes, a prefix first.
    private static func compare(_ bytes: UnsafeBufferPointer<UInt8>, _ left: Range<Int>, _ right: Range<Int>) -> Int {
        let common = min(left.count, right.count)
        let order = common == 0 ? 0 : memcmp(bytes.baseAddress! + left.lowerBound, bytes.baseAddress! + right.lowerBound, common)
        return order != 0 ? Int(order) : left.count - right.count
    }
}
