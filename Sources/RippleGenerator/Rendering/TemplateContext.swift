/// The variables a template renders, stored flat for speed.
///
/// A ``TemplateValue`` tree is convenient to write but costly to render from: every look-up
/// hashes a key and every value read retains and releases storage. A context holds the same
/// values in a few arrays, the text of all strings, the elements of all arrays and dictionaries,
/// and the keys of the dictionaries, and its ``Value``s refer into them by position. A value is
/// trivial to copy, so rendering reads a large model without reference counting, and a
/// dictionary finds a key by the hash the template computed when it was parsed. Text and
/// values are kept in ``PaddedArray``s, which append and read without per-element checks.
///
/// Dictionaries with the same keys share a ``Layout``: the render context of a model registers
/// one for classes and one for members, and gives each member only its values.
///
/// An array can also be *lazy*: its elements are stored when they are read, and a `{% for %}`
/// over it drops each element's values once its iteration is rendered. The render context of a
/// model gives its classes that way, so a large model's variables exist one class at a time.
///
/// ```swift
/// var context = TemplateContext()
/// let person = context.layout(["name", "isAdmin"])
/// let people = context.array([
///     context.dictionary(person, ["name": context.string("Ann"), "isAdmin": .bool(true)]),
/// ])
/// context.setRoot(context.dictionary(context.layout(["people"]), ["people": people]))
/// ```
///
/// A context converted from a dictionary of ``TemplateValue``s, which is what
/// `Template.render(_:templates:)` does, renders the same way.
package struct TemplateContext {
    /// A value of the context: what a ``TemplateValue`` is, with its contents stored in the
    /// context.
    package enum Value: BitwiseCopyable {
        /// The UTF-8 bytes at `start..<start + count` of the context's text.
        case string(start: Int32, count: Int32)
        case bool(Bool)
        case int(Int)
        /// The elements at `start..<start + count`.
        case array(start: Int32, count: Int32)
        /// An array whose elements are stored when read, by the builder of that index.
        case lazyArray(builder: Int32, count: Int32)
        /// The values of the layout's keys, in its order, from `start`.
        case dictionary(Layout, start: Int32)
        case null
    }

    /// The keys that dictionaries of the same shape share.
    package struct Layout: BitwiseCopyable {
        /// The layout's position among the context's layouts.
        let index: Int32
    }

    /// Stores element `index` of a lazy array and returns it.
    package typealias ElementBuilder = (_ context: inout TemplateContext, _ index: Int) -> Value

    /// How much of the context is in use, to drop what is stored later.
    struct Mark {
        fileprivate let textCount: Int
        fileprivate let elementCount: Int
        /// Layouts own the keys and buckets after their own.
        fileprivate let layoutCount: Int
        fileprivate let builderCount: Int
    }

    /// Where the keys of a layout are, and the table that finds them by hash.
    private struct LayoutStorage {
        /// The layout's keys, a range of `keys`.
        var keys: Range<Int>
        /// Open addressing on the keys' hashes, a range of `buckets` whose count is a power of
        /// two, at most half full: each bucket holds a key's position in the layout plus 1, or 0.
        var buckets: Range<Int>
    }

    /// The UTF-8 bytes of all strings.
    private(set) var text = PaddedArray<UInt8>(filler: 0)
    private var elements = PaddedArray<Value>(filler: .null)
    private var layouts: [LayoutStorage] = []
    private var keys: [TemplateKey] = []
    private var buckets: [Int32] = []
    private var builders: [ElementBuilder] = []
    /// The dictionary of the top-level variables.
    private(set) var root: Value = .null

    /// An empty context; add values to it, then set its root.
    package init() {}

    // MARK: Building

    /// Registers the keys of dictionaries of one shape, in the order their values are given.
    ///
    /// - Precondition: No key repeats.
    package mutating func layout(_ names: [String]) -> Layout {
        let start = keys.count
        keys += names.map(TemplateKey.init)
        var bucketCount = 4
        while bucketCount < 2 * names.count {
            bucketCount *= 2
        }
        let firstBucket = buckets.count
        buckets += repeatElement(0, count: bucketCount)
        for position in 0..<names.count {
            let key = keys[start + position]
            var bucket = key.hash & (bucketCount - 1)
            while buckets[firstBucket + bucket] != 0 {
                let other = keys[start + Int(buckets[firstBucket + bucket]) - 1]
                precondition(other != key, "key '\(key.name)' repeats in a layout")
                bucket = (bucket + 1) & (bucketCount - 1)
            }
            buckets[firstBucket + bucket] = Int32(position + 1)
        }
        layouts.append(LayoutStorage(keys: start..<keys.count, buckets: firstBucket..<buckets.count))
        return Layout(index: Int32(layouts.count - 1))
    }

    /// Stores a string.
    ///
    /// Inlined, so that the many empty strings of a model cost a test, not a call.
    @inline(__always)
    package mutating func string(_ string: borrowing String) -> Value {
        string.isEmpty ? .string(start: 0, count: 0) : storeText(of: string)
    }

    /// Stores the bytes of a string that is not empty.
    @inline(never)
    private mutating func storeText(of string: borrowing String) -> Value {
        let start = text.count
        if string.utf8.withContiguousStorageIfAvailable({ text.append(contentsOf: $0) }) == nil {
            text.append(contentsOf: Array(string.utf8))
        }
        return .string(start: Self.position(start), count: Self.position(text.count - start))
    }

    /// Stores an array.
    package mutating func array(_ values: some Collection<Value>) -> Value {
        let start = elements.count
        elements.append(contentsOf: values)
        return .array(start: Self.position(start), count: Self.position(values.count))
    }

    /// Stores an array of the values `value` makes of the elements of `source`, which may store
    /// values of their own: its elements are set aside first, and filled in order.
    mutating func array<Source: Collection>(
        _ source: Source, _ value: (inout TemplateContext, Source.Element) -> Value
    ) -> Value {
        let start = elements.count
        elements.appendUnset(source.count)
        for (offset, element) in source.enumerated() {
            let value = value(&self, element)
            elements.set(value, at: start + offset)
        }
        return .array(start: Self.position(start), count: Self.position(source.count))
    }

    /// Stores an array of `count` values that `value` makes of the indices `0..<count`, which
    /// may store values of their own: its elements are set aside first, and filled in order.
    mutating func array(count: Int, _ value: (inout TemplateContext, _ index: Int) -> Value) -> Value {
        let start = elements.count
        elements.appendUnset(count)
        for index in 0..<count {
            let value = value(&self, index)
            elements.set(value, at: start + index)
        }
        return .array(start: Self.position(start), count: Self.position(count))
    }

    /// Stores an array of the elements of a stored array whose indices `isIncluded` accepts,
    /// in their order: `storedMembers` of a class's `members`, without building them again.
    ///
    /// - Precondition: `array` is an array that is not lazy.
    mutating func array(elementsOf array: Value, where isIncluded: (_ index: Int) -> Bool) -> Value {
        guard case .array(let source, let count) = array else { preconditionFailure("only stored arrays can be filtered") }
        let start = elements.count
        elements.appendCopies(from: Int(source), count: Int(count), where: isIncluded)
        return .array(start: Self.position(start), count: Self.position(elements.count - start))
    }

    /// An array of `count` elements that `build` stores when they are read.
    ///
    /// A `{% for %}` over the array drops what `build` stored for an element when the element's
    /// iteration ends, so that only one element's values exist at a time.
    package mutating func lazyArray(count: Int, _ build: @escaping ElementBuilder) -> Value {
        builders.append(build)
        return .lazyArray(builder: Self.position(builders.count - 1), count: Self.position(count))
    }

    /// The keys and values of a dictionary, written as a dictionary literal whose keys are
    /// those of its layout, in the same order: `["name": name, "isRoot": .bool(true)]`.
    package struct Entries: ExpressibleByDictionaryLiteral {
        /// Static keys keep the literal trivial to copy and to destroy.
        fileprivate let entries: [(StaticString, Value)]

        @inline(__always)
        package init(dictionaryLiteral entries: (StaticString, Value)...) {
            self.entries = entries
        }
    }

    /// Stores a dictionary of the keys of `layout`, listed in its order with their values.
    ///
    /// Inlined, so that the literal of entries needs no allocation.
    ///
    /// - Precondition: `entries` has the keys of `layout`, in the same order (checked in debug
    ///   builds).
    @inline(__always)
    package mutating func dictionary(_ layout: Layout, _ entries: Entries) -> Value {
        let layoutKeys = layouts[Int(layout.index)].keys
        precondition(entries.entries.count == layoutKeys.count, "the entries do not match the keys of the layout")
        assert(entries.entries.map(\.0.description) == names(of: layout), "the keys are not those of the layout")
        let start = elements.count
        elements.append(contentsOf: entries.entries.lazy.map(\.1))
        return .dictionary(layout, start: Self.position(start))
    }

    /// Stores a dictionary of the keys of `layout` with `values`, in the layout's order.
    mutating func dictionary(_ layout: Layout, values: [Value]) -> Value {
        precondition(values.count == layouts[Int(layout.index)].keys.count, "the values do not match the keys of the layout")
        let start = elements.count
        elements.append(contentsOf: values)
        return .dictionary(layout, start: Self.position(start))
    }

    /// Sets the dictionary of the top-level variables.
    ///
    /// - Precondition: `root` is a dictionary.
    package mutating func setRoot(_ root: Value) {
        guard case .dictionary = root else { preconditionFailure("the root of a context is a dictionary") }
        self.root = root
    }

    private static func position(_ offset: Int) -> Int32 {
        guard let position = Int32(exactly: offset) else { preconditionFailure("a template context holds at most 2 GB") }
        return position
    }

    // MARK: Reading

    /// The position of `key` among the keys of `layout`, or `nil` when the layout lacks it.
    ///
    /// Renderers remember the position for the next dictionary of the same layout, so this
    /// runs about once per key of a template.
    func offset(of key: TemplateKey, in layout: Layout) -> Int? {
        let storage = layouts[Int(layout.index)]
        let mask = storage.buckets.count - 1
        var bucket = key.hash & mask
        while true {
            let entry = Int(buckets[storage.buckets.lowerBound + bucket])
            if entry == 0 { return nil }
            if keys[storage.keys.lowerBound + entry - 1] == key {
                return entry - 1
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// The value at `offset` of a dictionary whose values start at `start`.
    @inline(__always)
    func value(at offset: Int, from start: Int32) -> Value {
        elements[Int(start) + offset]
    }

    /// The number of layouts registered; a layout's index is below it.
    var layoutCount: Int {
        layouts.count
    }

    /// The number of elements of an array, or `nil` for another kind of value.
    func count(of array: Value) -> Int? {
        switch array {
        case .array(_, let count), .lazyArray(_, let count): Int(count)
        default: nil
        }
    }

    /// Element `index` of an array, stored first if the array is lazy.
    @inline(__always)
    mutating func element(_ index: Int, of array: Value) -> Value {
        switch array {
        case .array(let start, _):
            return elements[Int(start) + index]
        case .lazyArray(let builder, _):
            let build = builders[Int(builder)]
            return build(&self, index)
        default:
            preconditionFailure("only arrays have elements")
        }
    }

    /// The number of keys of a layout.
    func count(of layout: Layout) -> Int {
        layouts[Int(layout.index)].keys.count
    }

    /// The keys of a layout, in its order.
    func names(of layout: Layout) -> [String] {
        keys[layouts[Int(layout.index)].keys].map(\.name)
    }

    // MARK: Dropping

    /// How much of the context is in use now.
    var mark: Mark {
        Mark(textCount: text.count, elementCount: elements.count, layoutCount: layouts.count, builderCount: builders.count)
    }

    /// Drops everything stored since `mark` was taken: values, layouts and builders stored since
    /// then must not be used any more.
    ///
    /// - Returns: Whether layouts were dropped, whose indices later layouts take again.
    @discardableResult
    @inline(__always)
    mutating func drop(after mark: Mark) -> Bool {
        text.truncate(to: mark.textCount)
        elements.truncate(to: mark.elementCount)
        Self.truncate(&builders, to: mark.builderCount)
        guard layouts.count > mark.layoutCount else { return false }
        layouts.removeSubrange(mark.layoutCount...)
        Self.truncate(&keys, to: layouts.last?.keys.upperBound ?? 0)
        Self.truncate(&buckets, to: layouts.last?.buckets.upperBound ?? 0)
        return true
    }

    /// Removes the elements after the first `count`, keeping the capacity; touches nothing when
    /// there are none, which is the usual case.
    private static func truncate<Element>(_ array: inout [Element], to count: Int) {
        if array.count > count {
            array.removeSubrange(count...)
        }
    }
}
