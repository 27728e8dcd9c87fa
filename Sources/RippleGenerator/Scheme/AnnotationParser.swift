/// Reads `// ripple: ITEM[, ITEM...]` lines out of comments.
///
/// ITEM is a word or `key = value`; a value is a name, a dotted path, or a bracketed list of
/// them. The prefix (`ripple`) is a parameter, and the ``Syntax`` of values an option, so that
/// other annotation dialects can reuse the grammar. The parser only reads syntax: whether an item
/// exists or fits its declaration is the scheme builder's business.
///
/// ```swift
/// let parser = AnnotationParser()
/// let line = parser.parse(comment: "// ripple: node, dependency = [a, b.all]",
///                         at: SourceLocation(line: 3, column: 5))
/// line?.items.map(\.spelling)   // ["node", "dependency"]
/// ```
package struct AnnotationParser: Sendable {
    /// One annotation line: its items, and the syntax errors found while reading them.
    package struct Line: Equatable, Sendable {
        /// The items read before the first syntax error, if any.
        package var items: [AnnotationItem]
        /// Syntax errors (at most one per line: reading stops at the first).
        package var problems: [SchemeProblem]

        package init(items: [AnnotationItem], problems: [SchemeProblem]) {
            self.items = items
            self.problems = problems
        }
    }

    /// How values may be written besides Ripple's names, paths and bracketed lists, for the
    /// annotations of other tools, read as they are written.
    package struct Syntax: Equatable, Sendable {
        /// Paths may be quoted: `dependency = "selectedID, shelves.all"` is a list, `"Shelf"`
        /// one path.
        package var quotedPaths = false
        /// The value of an item that takes no path (an item of another tool: `jsonKey = "id"`,
        /// `maxLength = 10`) is kept as text (``AnnotationValue/text(_:location:)``), quoted or
        /// up to the next `,`.
        package var otherValuesAsText = false
        /// Spellings besides Ripple's items whose values are paths.
        package var pathItems: Set<String> = []

        /// Ripple's own: values are names, dotted paths and bracketed lists.
        package static let ripple = Syntax()

        package init(quotedPaths: Bool = false, otherValuesAsText: Bool = false, pathItems: Set<String> = []) {
            self.quotedPaths = quotedPaths
            self.otherValuesAsText = otherValuesAsText
            self.pathItems = pathItems
        }
    }

    /// The word before the colon: `ripple` in `// ripple: node`.
    package let prefix: String
    /// How values are written.
    package let syntax: Syntax
    private let prefixBytes: [UInt8]

    /// Creates a parser for annotations written `// <prefix>: ...`, whose values are written
    /// as `syntax` says.
    package init(prefix: String = "ripple", syntax: Syntax = .ripple) {
        self.prefix = prefix
        self.syntax = syntax
        self.prefixBytes = Array(prefix.utf8)
    }

    /// Reads one comment.
    ///
    /// - Parameters:
    ///   - text: The comment's text, starting with its `//`.
    ///   - location: Where the comment starts; item locations are computed from it.
    /// - Returns: The annotation line, or `nil` when the comment is not an annotation.
    package func parse(comment text: String, at location: SourceLocation) -> Line? {
        let bytes = Array(text.utf8)
        guard let start = itemsStart(in: bytes, slashes: 2) else { return nil }
        return parseItems(bytes, from: start, at: location, emptyIsAProblem: true)
    }

    /// The byte offset in a `//` comment after its `// <prefix>:`, where the items start; `nil`
    /// when the comment is not an annotation.
    package func itemsOffset(comment text: String) -> Int? {
        itemsStart(in: Array(text.utf8), slashes: 2)
    }

    /// Reads the items of a comment that start at byte `offset` (a dialect's own line, such as
    /// Sourcery's `// sourcery:begin: ITEM, ...`); no items at all make an empty line.
    package func parseItems(comment text: String, from offset: Int, at location: SourceLocation) -> Line {
        parseItems(Array(text.utf8), from: offset, at: location, emptyIsAProblem: false)
    }

    private func parseItems(_ bytes: [UInt8], from start: Int, at location: SourceLocation, emptyIsAProblem: Bool) -> Line {
        var reader = ItemReader(bytes: bytes, position: start, base: location, syntax: syntax)
        reader.skipSpaces()
        if reader.isAtEnd {
            return Line(items: [], problems: emptyIsAProblem ? [SchemeProblem(.emptyAnnotation(prefix: prefix), at: location)] : [])
        }
        return reader.readItems()
    }

    /// Whether a doc comment (`/// ripple: ...`) looks like an annotation, which is a likely
    /// mistake: annotations are plain `//` comments.
    package func looksLikeAnnotation(docComment text: String) -> Bool {
        itemsStart(in: Array(text.utf8), slashes: 3) != nil
    }

    /// Whether a comment that is not an annotation was most likely meant as one: the prefix in
    /// another case (`// Ripple: node`), or in a block comment (`/* ripple: node */`), followed
    /// by one of `items` (in any case). Prose that happens to start with the prefix and a
    /// colon (`// Ripple: the runtime`) is not.
    package func looksLikeMisspelledAnnotation(_ text: String, items: [String]) -> Bool {
        // Read in place: most comments are not annotations, and stop at their first bytes.
        let bytes = text.utf8
        var index = bytes.startIndex
        func skip(while condition: (UInt8) -> Bool) {
            while index < bytes.endIndex, condition(bytes[index]) { index = bytes.index(after: index) }
        }
        guard bytes.count > 2, bytes.first == UInt8(ascii: "/") else { return false }
        let second = bytes[bytes.index(after: index)]
        guard second == UInt8(ascii: "/") || second == UInt8(ascii: "*") else { return false }
        index = bytes.index(index, offsetBy: 2)
        skip { $0 == second || $0 == UInt8(ascii: "!") || isSpace($0) }
        for expected in prefixBytes {
            guard index < bytes.endIndex, Self.lowercased(bytes[index]) == Self.lowercased(expected) else { return false }
            index = bytes.index(after: index)
        }
        skip(while: isSpace)
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ":") else { return false }
        index = bytes.index(after: index)
        skip(while: isSpace)
        let start = index
        skip(while: SwiftText.isNameByte)
        let word = String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
        return items.contains { $0.lowercased() == word }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The offset after `<slashes> <prefix> :`, or `nil` when `bytes` is not an annotation.
    private func itemsStart(in bytes: [UInt8], slashes: Int) -> Int? {
        guard bytes.count > slashes, bytes[..<slashes].allSatisfy({ $0 == UInt8(ascii: "/") }),
              bytes[slashes] != UInt8(ascii: "/") else { return nil }
        var index = slashes
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard bytes[index...].starts(with: prefixBytes) else { return nil }
        index += prefixBytes.count
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        return index + 1
    }
}

private func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
}

/// The cursor over the items part of one annotation line, in the comment's UTF-8 bytes.
private struct ItemReader {
    let bytes: [UInt8]
    var position: Int
    /// The location of byte 0 of the comment; comments read here never span lines.
    let base: SourceLocation
    let syntax: AnnotationParser.Syntax

    /// Stops reading a line at its first syntax error.
    struct Stop: Error {
        var problem: SchemeProblem
        /// The item being read, when it is kept all the same (`property = 3` is `property`).
        var item: AnnotationItem?
    }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func skipSpaces() {
        while position < bytes.count, isSpace(bytes[position]) { position += 1 }
    }

    func location(at offset: Int) -> SourceLocation {
        SourceLocation(line: base.line, column: base.column + offset)
    }

    mutating func readItems() -> AnnotationParser.Line {
        var items: [AnnotationItem] = []
        items.reserveCapacity(4)
        do throws(Stop) {
            while true {
                skipSpaces()
                items.append(try readItem(after: items.isEmpty ? nil : ","))
                skipSpaces()
                if isAtEnd { break }
                guard bytes[position] == UInt8(ascii: ",") else {
                    throw stop(expecting: "',' between annotation items")
                }
                position += 1
            }
        } catch {
            return AnnotationParser.Line(items: items + (error.item.map { [$0] } ?? []), problems: [error.problem])
        }
        return AnnotationParser.Line(items: items, problems: [])
    }

    private mutating func readItem(after separator: String?) throws(Stop) -> AnnotationItem {
        let start = position
        guard let wordRange = readNameRange() else {
            throw stop(expecting: separator.map { "an annotation item after '\($0)'" } ?? "an annotation item")
        }
        // A known item's spelling is its name's, which costs no string of its own.
        let name = AnnotationItem.Name(bytes: bytes[wordRange])
        let word = name?.rawValue ?? String(decoding: bytes[wordRange], as: UTF8.self)
        let itemLocation = location(at: start)
        skipSpaces()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
            return AnnotationItem(spelling: word, name: name, value: nil, location: itemLocation)
        }
        position += 1
        skipSpaces()
        let takesPaths = name.map { $0.valueForm != .none } ?? syntax.pathItems.contains(word)
        let value: AnnotationValue
        if syntax.otherValuesAsText, !takesPaths {
            value = try readText(of: word)
        } else if syntax.quotedPaths, isAtQuote {
            value = try readQuotedPaths(of: word)
        } else {
            let valueStart = position
            do {
                value = try readValue(of: word)
            } catch {
                // `property = 3`: the value is wrong because there should be none.
                guard let name, name.valueForm == .none else { throw error }
                throw Stop(
                    problem: SchemeProblem(.unexpectedValue(item: name), at: location(at: valueStart)),
                    item: AnnotationItem(spelling: word, name: name, value: nil, location: itemLocation))
            }
        }
        return AnnotationItem(spelling: word, name: name, value: value, location: itemLocation)
    }

    // MARK: Other tools' values

    private var isAtQuote: Bool { position < bytes.count && bytes[position] == UInt8(ascii: "\"") }

    /// `"a.b, c"`: one path, or a list when there are several (or none).
    private mutating func readQuotedPaths(of word: String) throws(Stop) -> AnnotationValue {
        let start = position
        position += 1
        var paths: [AnnotationPath] = []
        var isList = false
        while true {
            skipSpaces()
            if isAtQuote { break }
            guard let path = try readPath() else {
                throw stop(expecting: paths.isEmpty ? "a path or '\"' in the value of '\(word)'" : "a path after ','")
            }
            paths.append(path)
            skipSpaces()
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
                position += 1
                isList = true
                continue
            }
            guard isAtQuote else { throw stop(expecting: "',' or '\"' in the value of '\(word)'") }
            break
        }
        position += 1
        if paths.count == 1, !isList { return .path(paths[0]) }
        return .list(paths, location: location(at: start))
    }

    /// A value kept as written: a quoted string (without its quotes), or everything up to the
    /// next `,` outside brackets and parentheses.
    private mutating func readText(of word: String) throws(Stop) -> AnnotationValue {
        let start = position
        if isAtQuote {
            position += 1
            let contentStart = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard position < bytes.count else {
                throw stop(expecting: "'\"' to close the value of '\(word)'")
            }
            let text = String(decoding: bytes[contentStart..<position], as: UTF8.self)
            position += 1
            return .text(text, location: location(at: start))
        }
        var depth = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: "]") || byte == UInt8(ascii: ")") { depth = max(0, depth - 1) }
            if byte == UInt8(ascii: ","), depth == 0 { break }
            position += 1
        }
        var end = position
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard end > start else { throw stop(expecting: "a value after '\(word) ='") }
        return .text(String(decoding: bytes[start..<end], as: UTF8.self), location: location(at: start))
    }

    private mutating func readValue(of word: String) throws(Stop) -> AnnotationValue {
        let start = position
        guard position < bytes.count, bytes[position] == UInt8(ascii: "[") else {
            guard let path = try readPath() else { throw stop(expecting: "a value after '\(word) ='") }
            return .path(path)
        }
        position += 1
        var paths: [AnnotationPath] = []
        while true {
            skipSpaces()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") { break }
            guard let path = try readPath() else {
                throw stop(expecting: paths.isEmpty ? "a path or ']'" : "a path after ','")
            }
            paths.append(path)
            skipSpaces()
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            guard position < bytes.count, bytes[position] == UInt8(ascii: "]") else {
                throw stop(expecting: "',' or ']' in the list of '\(word)'")
            }
            break
        }
        position += 1
        return .list(paths, location: location(at: start))
    }

    /// A name or dotted path; `nil` when no name starts here.
    private mutating func readPath() throws(Stop) -> AnnotationPath? {
        let start = position
        guard let first = readName() else { return nil }
        var components = [first]
        while position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard let next = readName() else { throw stop(expecting: "a name after '.'") }
            components.append(next)
        }
        return AnnotationPath(components: components, location: location(at: start))
    }

    /// A name; `nil` when no name starts here.
    private mutating func readName() -> String? {
        readNameRange().map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Where the name that starts here is; `nil` when no name starts here.
    private mutating func readNameRange() -> Range<Int>? {
        let start = position
        guard position < bytes.count, SwiftText.isNameByte(bytes[position]),
              !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) else { return nil }
        while position < bytes.count, SwiftText.isNameByte(bytes[position]) { position += 1 }
        return start..<position
    }

    /// A syntax error at the current position, naming what was found there.
    private func stop(expecting expected: String) -> Stop {
        let found: String
        if isAtEnd {
            found = "the end of the line"
        } else {
            var end = position + 1
            if SwiftText.isNameByte(bytes[position]) {
                while end < bytes.count, SwiftText.isNameByte(bytes[end]) { end += 1 }
            } else {
                // One whole character, not one byte of it.
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            }
            found = "'" + String(decoding: bytes[position..<end], as: UTF8.self) + "'"
        }
        return Stop(problem: SchemeProblem(.malformedAnnotation(expected: expected, found: found), at: location(at: position)))
    }
}
