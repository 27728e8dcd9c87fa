/// The fast scan that spares lexing and parsing a file with nothing the generator reads: whether
/// its bytes hold an annotation (`//`, the prefix and a colon) or one of a few words. A prefix
/// in another case, or after `/*`, counts too: such a comment was most likely meant as an
/// annotation, and the scheme builder warns that it is not read.
///
/// ```swift
/// let scan = FastScan(annotationPrefix: "ripple", words: ["func validate"])
/// scan.mayMatter(Array("// ripple: node\nfinal class Shelf {}".utf8))   // true
/// scan.mayMatter(Array("struct Point { var x = 0 }".utf8))              // false
/// ```
///
/// It may say yes for a file that holds neither (the text inside a string, say); it never says
/// no for a file that holds one. Each byte is looked at about once.
package struct FastScan: Sendable {
    private let prefix: [UInt8]
    private let words: [[UInt8]]
    /// Whether a byte starts one of `words`.
    private let startsWord: [Bool]

    /// A scan for `// <annotationPrefix>:` (any spaces around the prefix, any number of slashes,
    /// or `/*` instead, the prefix in any case) and for each of `words`, as written.
    package init(annotationPrefix: String, words: [String]) {
        prefix = annotationPrefix.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        self.words = words.map { Array($0.utf8) }.filter { !$0.isEmpty }
        var startsWord = [Bool](repeating: false, count: 256)
        for word in self.words { startsWord[Int(word[0])] = true }
        self.startsWord = startsWord
    }

    /// Whether `bytes` may hold an annotation or one of the words.
    package func mayMatter(_ bytes: [UInt8]) -> Bool {
        let slash = UInt8(ascii: "/")
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == slash, index + 1 < bytes.count, bytes[index + 1] == slash || bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count, bytes[index] == slash || bytes[index] == UInt8(ascii: "*") { index += 1 }
                if isAnnotationHeader(bytes, from: index) { return true }
                continue
            }
            if startsWord[Int(byte)], words.contains(where: { bytes[index...].starts(with: $0) }) { return true }
            index += 1
        }
        return false
    }

    /// Whether spaces, the prefix, spaces and a colon start at `start`.
    private func isAnnotationHeader(_ bytes: [UInt8], from start: Int) -> Bool {
        var index = start
        while index < bytes.count, Self.isSpaceOrTab(bytes[index]) { index += 1 }
        // ASCII letters in either case: `| 0x20` makes an uppercase letter lowercase.
        guard bytes.count - index >= prefix.count,
              zip(bytes[index...], prefix).allSatisfy({ $0 == $1 || ($0 | 0x20 == $1 && (0x61...0x7A).contains($1)) })
        else { return false }
        index += prefix.count
        while index < bytes.count, Self.isSpaceOrTab(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: ":")
    }

    private static func isSpaceOrTab(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
