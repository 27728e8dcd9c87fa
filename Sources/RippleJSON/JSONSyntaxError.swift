/// Text that is not valid JSON: what is wrong, and where.
package struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    /// What is wrong: `expected ':' after an object key, found '}'`.
    package let message: String
    /// The byte offset of the problem, from 0.
    package let offset: Int
    /// The line of the problem, from 1.
    package let line: Int
    /// The column of the problem in characters, from 1.
    package let column: Int

    init(message: String, offset: Int, in input: UnsafeBufferPointer<UInt8>) {
        self.message = message
        self.offset = offset
        let before = input[..<min(offset, input.count)]
        let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        line = before.count { $0 == UInt8(ascii: "\n") } + 1
        // Characters, not bytes: UTF-8 continuation bytes do not start one.
        column = before[lineStart...].count { $0 & 0xC0 != 0x80 } + 1
    }

    package var description: String {
        "invalid JSON at line \(line), column \(column) (byte \(offset)): \(message)"
    }
}
