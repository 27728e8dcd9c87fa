/// A growable array of trivial values that the renderer reads without bounds checks, and
/// that can always be read ``padding`` elements past its end.
///
/// A template context stores every string, array and dictionary of a model in two of these:
/// its bytes and its values. Appending to an `Array` checks its uniqueness and capacity for
/// each element, and reading checks bounds; for millions of small values that costs more than
/// the values themselves. This array checks once per append of any number of elements, and
/// reads unchecked in release builds (positions come from the context, which stored them).
///
/// Rendering copies text in pieces of a few bytes, as whole 16-byte blocks (see
/// ``TemplateOutput/append(padded:count:)``), which reads up to 16 bytes past a piece: the
/// allocation keeps `padding` initialized elements past the end.
///
/// Copies share their storage until one of them changes (copy on write), like an array.
struct PaddedArray<Element: BitwiseCopyable> {
    /// How many elements past the end can be read.
    static var padding: Int { 16 }

    /// Owns the allocation: `capacity + padding` initialized elements.
    private final class Storage {
        let elements: UnsafeMutablePointer<Element>
        let capacity: Int

        init(capacity: Int, filler: Element) {
            self.capacity = capacity
            elements = .allocate(capacity: capacity + PaddedArray.padding)
            elements.initialize(repeating: filler, count: capacity + PaddedArray.padding)
        }

        deinit {
            elements.deallocate()
        }
    }

    private var storage: Storage
    /// What unused elements hold.
    private let filler: Element
    /// The number of elements.
    private(set) var count = 0

    /// An empty array whose allocations are initialized with `filler`.
    init(filler: Element) {
        self.filler = filler
        storage = Storage(capacity: 64, filler: filler)
    }

    /// The element at `index`; checked in debug builds only.
    subscript(index: Int) -> Element {
        assert(index >= 0 && index < count, "index out of range")
        return storage.elements[index]
    }

    /// The address of the first element; `count + padding` elements are readable there until
    /// the array changes.
    var baseAddress: UnsafePointer<Element> {
        UnsafePointer(storage.elements)
    }

    /// Appends the elements of `source`.
    @inline(__always)
    mutating func append(contentsOf source: UnsafeBufferPointer<Element>) {
        guard let base = source.baseAddress else { return }
        reserve(source.count)
        Self.copy(source.count, from: base, to: storage.elements + count)
        count += source.count
    }

    /// Copies `count` elements; up to 16 bytes of them, the names of a model, are moved as two
    /// overlapping words, which is cheaper than a loop or a call to `memmove`.
    @inline(__always)
    private static func copy(
        _ count: Int, from source: UnsafePointer<Element>, to destination: UnsafeMutablePointer<Element>
    ) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(destination)
        let byteCount = count * MemoryLayout<Element>.stride
        switch byteCount {
        case 8...16:
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: byteCount - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: byteCount - 8, as: UInt64.self)
        case 4..<8:
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: byteCount - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: byteCount - 4, as: UInt32.self)
        default:
            to.copyMemory(from: from, byteCount: byteCount)
        }
    }

    /// Appends the elements of `source`.
    mutating func append(contentsOf source: some Collection<Element>) {
        reserve(source.count)
        for element in source {
            storage.elements[count] = element
            count += 1
        }
    }

    /// Appends copies of the elements at `start + offset` for the offsets of `0..<count` that
    /// `isIncluded` accepts, in order.
    mutating func appendCopies(from start: Int, count: Int, where isIncluded: (_ offset: Int) -> Bool) {
        precondition(start >= 0 && start + count <= self.count, "range out of bounds")
        reserve(count)
        for offset in 0..<count where isIncluded(offset) {
            storage.elements[self.count] = storage.elements[start + offset]
            self.count += 1
        }
    }

    /// Appends `newCount` elements whose values are set later with `set(_:at:)`.
    mutating func appendUnset(_ newCount: Int) {
        reserve(newCount)
        count += newCount
    }

    /// Sets the element at `index`.
    mutating func set(_ element: Element, at index: Int) {
        precondition(index >= 0 && index < count, "index out of range")
        reserve(0)
        storage.elements[index] = element
    }

    /// Removes the elements after the first `count`.
    mutating func truncate(to count: Int) {
        precondition(count <= self.count, "truncating to more elements than there are")
        self.count = count
    }

    /// Makes the storage unique and able to hold `newCount` more elements.
    @inline(__always)
    private mutating func reserve(_ newCount: Int) {
        if count + newCount > storage.capacity || !isKnownUniquelyReferenced(&storage) {
            reallocate(minimumCapacity: count + newCount)
        }
    }

    /// Moves the elements to an allocation of their own with room for at least `minimumCapacity`.
    @inline(never)
    private mutating func reallocate(minimumCapacity: Int) {
        let larger = Storage(capacity: max(minimumCapacity, 2 * storage.capacity), filler: filler)
        larger.elements.update(from: storage.elements, count: count)
        storage = larger
    }
}

extension PaddedArray<UInt8> {
    /// The bytes at `range`, as a string.
    func string(at range: Range<Int>) -> String {
        withExtendedLifetime(storage) {
            String(decoding: UnsafeBufferPointer(start: baseAddress + range.lowerBound, count: range.count), as: UTF8.self)
        }
    }
}
