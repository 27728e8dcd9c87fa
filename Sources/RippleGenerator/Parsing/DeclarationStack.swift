/// A list the parser appends declarations to, and moves a scope's last ones out of at once.
///
/// The declarations of every open scope share one stack, innermost scope last; when a scope
/// closes its declarations are moved into an array of exactly their count. Appending to an
/// array per scope instead reallocates it as it grows (a type with ten properties: five
/// allocations, each copying the properties so far), and leaves spare capacity in the tree.
struct DeclarationStack<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of declarations on the stack.
    private(set) var count = 0

    init() {
        capacity = 16
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    mutating func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// The declaration at `position`, in place.
    subscript(position: Int) -> Element {
        unsafeAddress {
            assert(position >= 0 && position < count, "position out of range")
            return UnsafePointer(storage + position)
        }
        unsafeMutableAddress {
            assert(position >= 0 && position < count, "position out of range")
            return storage + position
        }
    }

    /// Removes the declarations from `start` on, returning them in order.
    mutating func removeAll(from start: Int) -> [Element] {
        precondition(start >= 0 && start <= count, "start out of range")
        let moved = count - start
        guard moved > 0 else { return [] }
        count = start
        // Not `Array(unsafeUninitializedCapacity:)`: it is not specialized, and looking up the
        // array's generic metadata costs more than moving the elements.
        var array: [Element] = []
        array.append(contentsOf: Moving(position: storage + start, end: storage + start + moved))
        return array
    }

    /// Moves the elements of a range out of the storage, one at a time, as `Array` reads them.
    private struct Moving: Sequence, IteratorProtocol {
        var position: UnsafeMutablePointer<Element>
        let end: UnsafeMutablePointer<Element>

        var underestimatedCount: Int { end - position }

        mutating func next() -> Element? {
            guard position < end else { return nil }
            defer { position += 1 }
            return position.move()
        }
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }
}
