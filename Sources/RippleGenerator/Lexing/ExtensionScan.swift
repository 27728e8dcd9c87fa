/// Whether a file may extend one of a few types: `extension Library {`, `extension Outer.Shelf:`.
///
/// The generator reads every extension of a tracked class, in any file of the target, for the
/// methods the runtime calls (and the misspellings of them). A file without annotations that the
/// fast scan skipped is parsed when this scan finds in it `extension` followed by the name of a
/// class the parsed files declare, written plain or qualified (its last component counts too:
/// `extension MyModule.Library`).
///
/// ```swift
/// let scan = ExtensionScan(typeNames: ["Library"])
/// scan.mayExtend(Array("extension Library {\n    func validte() throws {}\n}".utf8))   // true
/// scan.mayExtend(Array("extension Array where Element == Int {}".utf8))              // false
/// ```
///
/// Like ``FastScan``, it may say yes for a file that does not (the words inside a string or a
/// comment); it never says no for one that does, unless a comment sits between `extension` and
/// the name. Each byte is looked at about once.
package struct ExtensionScan: Sendable {
    private let names: Set<ArraySlice<UInt8>>

    private static let keyword = Array("extension".utf8)

    /// A scan for extensions of the types named `typeNames` (plain or qualified names).
    package init(typeNames: some Sequence<String>) {
        names = Set(typeNames.map { ArraySlice($0.utf8) })
    }

    /// Whether no name was given, so that no file can extend one.
    package var isEmpty: Bool { names.isEmpty }

    /// Whether `bytes` may declare an extension of one of the types.
    package func mayExtend(_ bytes: [UInt8]) -> Bool {
        guard !names.isEmpty else { return false }
        let keyword = Self.keyword
        return bytes.withUnsafeBufferPointer { buffer in
            // `x` is rare in code: look for it, then for the keyword around it.
            var index = 1
            while let found = ByteSearch.firstIndex(of: UInt8(ascii: "x"), in: buffer, from: index) {
                index = found + 1
                guard found >= 1, found + keyword.count - 1 < buffer.count else { continue }
                if extendsNamedType(buffer, keywordAt: found - 1) { return true }
            }
            return false
        }
    }

    /// Whether `extension`, starting at `start`, is followed by one of the names.
    private func extendsNamedType(_ bytes: UnsafeBufferPointer<UInt8>, keywordAt start: Int) -> Bool {
        let keyword = Self.keyword
        guard bytes[start...].starts(with: keyword), start == 0 || !Self.isNameByte(bytes[start - 1]) else { return false }
        var nameStart = start + keyword.count
        guard nameStart < bytes.count, Self.isSpace(bytes[nameStart]) else { return false }
        while nameStart < bytes.count, Self.isSpace(bytes[nameStart]) { nameStart += 1 }
        var nameEnd = nameStart
        var lastComponent = nameStart
        while nameEnd < bytes.count, Self.isNameByte(bytes[nameEnd]) || bytes[nameEnd] == UInt8(ascii: ".") {
            if bytes[nameEnd] == UInt8(ascii: ".") { lastComponent = nameEnd + 1 }
            nameEnd += 1
        }
        return names.contains(ArraySlice(bytes[nameStart..<nameEnd])) || names.contains(ArraySlice(bytes[lastComponent..<nameEnd]))
    }

    /// A byte of a Swift name: an ASCII letter, digit or `_`, or any byte of a non-ASCII character.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), 0x80...:
            true
        default:
            false
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
