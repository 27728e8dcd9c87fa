/// The growing list of tokens the lexer writes, which the parser then reads in place.
///
/// The lexer appends one token every few bytes. `Array.append` checks on every call that the
/// array is not shared (a call into the runtime) before it checks the capacity; this buffer
/// belongs to the lexer alone, so an append is a capacity check and a store. Only
/// ``Lexer/tokenize(_:)`` copies the tokens into an array.
struct TokenBuffer: ~Copyable {
    private var storage: UnsafeMutablePointer<Token>
    private var capacity: Int
    /// The number of tokens appended.
    private(set) var count = 0

    /// Creates an empty buffer with room for `capacity` tokens before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    @inline(__always)
    mutating func append(_ token: Token) {
        if count == capacity { grow() }
        (storage + count).initialize(to: token)
        count += 1
    }

    /// The last token appended that is not a comment.
    ///
    /// The lexer asks only at a `/` (to tell a regex from a division), and each comment is
    /// passed over by at most one such search, since the `/` becomes the last token.
    var lastSignificant: Token? {
        var index = count - 1
        while index >= 0 && storage[index].kind.isComment { index -= 1 }
        return index >= 0 ? storage[index] : nil
    }

    /// The tokens appended, in order.
    var array: [Token] {
        Array(UnsafeBufferPointer(start: storage, count: count))
    }

    /// Calls `body` with the tokens appended, in place.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Token>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: storage, count: count))
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Token>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }
}
