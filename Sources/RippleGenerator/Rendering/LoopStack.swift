/// The `{% for %}` loops a render is in, innermost last, and the values their variables are
/// bound to.
///
/// The renderer numbers the names of a render (their *symbols*), and finds a loop variable as
/// `variable(symbol)`: the value of the innermost loop variable of that name, with one read.
/// A loop binds its variable to each element in turn and, when it ends, binds again what the
/// variable shadowed.
///
/// Every iteration and every variable goes through here, so the stack changes in place: unlike
/// arrays, it is neither copied on write nor bounds-checked in release builds. Only the
/// renderer that creates it holds it.
final class LoopStack {
    typealias Value = TemplateContext.Value

    /// A running loop.
    struct Frame {
        /// The symbol of the loop variable.
        var symbol: Int
        /// What the symbol was bound to before the loop; bound again when the loop ends.
        var shadowed: Value?
        /// The position of the current element, and the number of elements.
        var index: Int
        var count: Int
        var sequence: Value
        /// What the context held when the iteration started: what the iteration stores (a
        /// lazy element, literals, filter results) is dropped when it ends.
        var mark: TemplateContext.Mark
    }

    private var frames: UnsafeMutablePointer<Frame>
    private var frameCapacity = 8
    /// The number of running loops.
    private(set) var depth = 0
    private var variables: UnsafeMutablePointer<Value?>
    /// The number of symbols.
    private(set) var symbolCount = 0
    private var symbolCapacity = 64

    init() {
        frames = .allocate(capacity: frameCapacity)
        variables = .allocate(capacity: symbolCapacity)
    }

    deinit {
        frames.deinitialize(count: depth).deallocate()
        variables.deinitialize(count: symbolCount).deallocate()
    }

    /// The innermost loop, changed in place; valid until the next push or pop, and only while
    /// a loop runs.
    var innermost: UnsafeMutablePointer<Frame> {
        assert(depth > 0, "no loop is running")
        return frames + (depth - 1)
    }

    /// The running loops, outermost first.
    var allFrames: UnsafeBufferPointer<Frame> {
        UnsafeBufferPointer(start: frames, count: depth)
    }

    /// The value the innermost loop variable named by `symbol` is bound to, `nil` when no
    /// loop binds it.
    @inline(__always)
    func variable(_ symbol: Int) -> Value? {
        assert(symbol < symbolCount, "unknown symbol")
        return variables[symbol]
    }

    /// Binds the variable named by `symbol`.
    @inline(__always)
    func bind(_ symbol: Int, to value: Value?) {
        assert(symbol < symbolCount, "unknown symbol")
        variables[symbol] = value
    }

    /// Adds a symbol, which no loop binds yet.
    func addSymbol() {
        if symbolCount == symbolCapacity {
            symbolCapacity *= 2
            variables = Self.moved(variables, count: symbolCount, to: symbolCapacity)
        }
        (variables + symbolCount).initialize(to: nil)
        symbolCount += 1
    }

    /// Starts a loop at its first element, `first`, and binds its variable to it.
    func push(_ frame: Frame, first: Value) {
        if depth == frameCapacity {
            frameCapacity *= 2
            frames = Self.moved(frames, count: depth, to: frameCapacity)
        }
        (frames + depth).initialize(to: frame)
        depth += 1
        bind(frame.symbol, to: first)
    }

    /// Ends the innermost loop, and binds again what its variable shadowed.
    func pop() {
        depth -= 1
        let frame = (frames + depth).move()
        bind(frame.symbol, to: frame.shadowed)
    }

    /// Moves `count` values to a new allocation of `capacity`.
    private static func moved<Element>(
        _ elements: UnsafeMutablePointer<Element>, count: Int, to capacity: Int
    ) -> UnsafeMutablePointer<Element> {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        larger.moveInitialize(from: elements, count: count)
        elements.deallocate()
        return larger
    }
}
