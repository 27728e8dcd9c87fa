/// Reads `// ripple: ITEM[, ITEM...]` lines out of comments.
///
/// ITEM is a word or `key = value`; a value is a name, a dotted path, or a bracketed list of
/// them. The prefix (`ripple`) is a parameter so that other annotation dialects can reuse the
/// grammar. The parser only reads syntax: whether an item exists or fits its declaration is the
/// scheme builder's business.
///
/// With the prefix `sourcery` the parser reads Quantwm's models as they are written (see
/// ``Dialect/sourcery``): values may be quoted (`dependency = "selectedID, shelves.all"`),
/// `sharedProperty = "Library.userIDK"` is read as `shared = userID` of class `Library`, and
/// Sourcery's region comments (`// sourcery:inline:...`, `// sourcery:end`) are not annotations.
///
/// ```swift
/// let parser = AnnotationParser()
/// let line = parser.parse(comment: "// ripple: node, dependency = [a, b.all]",
///                         at: SourceLocation(line: 3, column: 5))
/// line?.items.map(\.spelling)   // ["node", "dependency"]
/// ```
package struct AnnotationParser: Sendable {
    /// One annotation line: its items, and the syntax errors found while reading them.
    package struct Line: Hashable, Sendable {
        /// The items read before the first syntax error, if any.
        package var items: [AnnotationItem]
        /// Syntax errors (at most one per line: reading stops at the first).
        package var problems: [SchemeProblem]
    }

    /// How the items after the prefix are written.
    package enum Dialect: Hashable, Sendable {
        /// Ripple's own: values are names, dotted paths and bracketed lists.
        case ripple
        /// Quantwm's Sourcery annotations, read with the prefix `sourcery`: values may also be
        /// quoted strings of comma-separated paths; an item Ripple does not know (one of another
        /// Sourcery template) may take any value (``AnnotationValue/text(_:location:)``); and
        /// `sharedProperty = "Type.nameK"` names property `name` of class `Type`.
        case sourcery
    }

    /// A Sourcery comment that is not an annotation, in the ``Dialect/sourcery`` dialect.
    package enum SourceryMarker: Hashable, Sendable {
        /// `// sourcery:inline:Library.QuantwmDeclarationInline`: code that Sourcery generated
        /// follows, up to the next ``end``.
        case inline
        /// `// sourcery:end`: ends an inline region or an annotation block.
        case end
        /// `// sourcery:begin: ITEM, ...`: Sourcery's annotation block, which gives its items to
        /// every declaration up to the next ``end``; the line holds the items.
        case begin(Line)
        /// `// sourcery:file:...`: where Sourcery writes generated code.
        case file
    }

    /// The word before the colon: `ripple` in `// ripple: node`.
    package let prefix: String
    /// How items are written: ``Dialect/sourcery`` for the prefix `sourcery`, else ``Dialect/ripple``.
    package let dialect: Dialect
    private let prefixBytes: [UInt8]

    /// Creates a parser for annotations written `// <prefix>: ...`.
    package init(prefix: String = "ripple") {
        self.prefix = prefix
        self.dialect = prefix == "sourcery" ? .sourcery : .ripple
        self.prefixBytes = Array(prefix.utf8)
    }

    /// Reads one comment.
    ///
    /// - Parameters:
    ///   - text: The comment's text, starting with its `//`.
    ///   - location: Where the comment starts; item locations are computed from it.
    /// - Returns: The annotation line, or `nil` when the comment is not an annotation.
    package func parse(comment text: String, at location: SourceLocation) -> Line? {
        var text = text
        return text.withUTF8 { bytes in
            guard let start = itemsStart(in: bytes, slashes: 2) else { return nil }
            if dialect == .sourcery, sourceryMarker(in: bytes, from: start, at: location) != nil { return nil }
            var reader = ItemReader(bytes: bytes, position: start, base: location, dialect: dialect)
            reader.skipSpaces()
            if reader.isAtEnd {
                return Line(items: [], problems: [SchemeProblem(.emptyAnnotation(prefix: prefix), at: location)])
            }
            return reader.readItems()
        }
    }

    /// The Sourcery marker a comment is, in the ``Dialect/sourcery`` dialect.
    ///
    /// - Parameters:
    ///   - text: The comment's text, starting with its `//`.
    ///   - location: Where the comment starts.
    /// - Returns: The marker, or `nil` for any other comment (and in the ``Dialect/ripple`` dialect).
    package func sourceryMarker(comment text: String, at location: SourceLocation) -> SourceryMarker? {
        guard dialect == .sourcery else { return nil }
        var text = text
        return text.withUTF8 { bytes in
            itemsStart(in: bytes, slashes: 2).flatMap { sourceryMarker(in: bytes, from: $0, at: location) }
        }
    }

    /// Matches `inline:`, `end`, `begin:` or `file:` right after `sourcery:`.
    private func sourceryMarker(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, at location: SourceLocation) -> SourceryMarker? {
        var index = start
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        var end = index
        while end < bytes.count, SwiftText.isNameByte(bytes[end]) { end += 1 }
        let word = String(decoding: bytes[index..<end], as: UTF8.self)
        let hasColon = end < bytes.count && bytes[end] == UInt8(ascii: ":")
        switch word {
        case "end":
            var rest = end
            while rest < bytes.count, isSpace(bytes[rest]) { rest += 1 }
            return rest == bytes.count ? .end : nil
        case "inline" where hasColon:
            return .inline
        case "file" where hasColon:
            return .file
        case "begin" where hasColon:
            var reader = ItemReader(bytes: bytes, position: end + 1, base: location, dialect: dialect)
            reader.skipSpaces()
            return .begin(reader.isAtEnd ? Line(items: [], problems: []) : reader.readItems())
        default:
            return nil
        }
    }

    /// Whether a doc comment (`/// ripple: ...`) looks like an annotation, which is a likely
    /// mistake: annotations are plain `//` comments.
    package func looksLikeAnnotation(docComment text: String) -> Bool {
        var text = text
        return text.withUTF8 { itemsStart(in: $0, slashes: 3) != nil }
    }

    /// Whether a file may hold annotations: some `//` followed by the prefix and a colon.
    ///
    /// This is the fast scan that lets files without annotations skip parsing. It may say yes
    /// for a file that has none (the text inside a string, say); it never says no for a file
    /// that has one. In the ``Dialect/sourcery`` dialect a file that names Quantwm's `QWNode`,
    /// `QWRoot` or `QWMediator` (the `QWNode_S` and `QWRoot_S` markers among them) is read too.
    package func mayContainAnnotations(_ bytes: [UInt8]) -> Bool {
        let slash = UInt8(ascii: "/")
        if dialect == .sourcery, Self.quantwmNames.contains(where: { contains(bytes, $0) }) { return true }
        return bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            let count = buffer.count
            while index + 1 < count {
                guard buffer[index] == slash, buffer[index + 1] == slash else {
                    index += 1
                    continue
                }
                index += 2
                while index < count, buffer[index] == slash { index += 1 }
                if headerEnd(in: buffer, from: index) != nil { return true }
            }
            return false
        }
    }

    /// Names whose files the ``Dialect/sourcery`` dialect reads even without annotations.
    private static let quantwmNames = ["QWNode", "QWRoot", "QWMediator"].map { Array($0.utf8) }

    private func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    /// The offset after `<slashes> <prefix> :`, or `nil` when `bytes` is not an annotation.
    private func itemsStart(in bytes: UnsafeBufferPointer<UInt8>, slashes: Int) -> Int? {
        guard bytes.count > slashes, bytes[..<slashes].allSatisfy({ $0 == UInt8(ascii: "/") }),
              bytes[slashes] != UInt8(ascii: "/") else { return nil }
        return headerEnd(in: bytes, from: slashes)
    }

    /// Matches spaces, the prefix, spaces and a colon from `start`; returns the offset after it.
    private func headerEnd(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < buffer.count, isSpace(buffer[index]) { index += 1 }
        guard index + prefixBytes.count <= buffer.count else { return nil }
        for byte in prefixBytes {
            guard buffer[index] == byte else { return nil }
            index += 1
        }
        while index < buffer.count, isSpace(buffer[index]) { index += 1 }
        guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { return nil }
        return index + 1
    }
}

private func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
}

/// The cursor over the items part of one annotation line. It reads the comment's bytes in
/// place, so it lives only inside the comment's `withUTF8`.
private struct ItemReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    /// The location of byte 0 of the comment; comments read here never span lines.
    let base: SourceLocation
    let dialect: AnnotationParser.Dialect

    /// Stops reading a line at its first syntax error.
    struct Stop: Error {
        var problem: SchemeProblem
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
            return AnnotationParser.Line(items: items, problems: [error.problem])
        }
        return AnnotationParser.Line(items: items, problems: [])
    }

    private mutating func readItem(after separator: String?) throws(Stop) -> AnnotationItem {
        let start = position
        guard let wordRange = readNameRange() else {
            throw stop(expecting: separator.map { "an annotation item after '\($0)'" } ?? "an annotation item")
        }
        // A known item's spelling is its name's, which costs no string of its own.
        let name = AnnotationItem.Name(bytes: UnsafeBufferPointer(rebasing: bytes[wordRange]))
        let word = name?.rawValue ?? String(decoding: bytes[wordRange], as: UTF8.self)
        skipSpaces()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
            return AnnotationItem(spelling: word, name: name, value: nil, location: location(at: start))
        }
        position += 1
        skipSpaces()
        if dialect == .sourcery {
            return try readSourceryValue(of: word, itemStart: start)
        }
        let value = try readValue(of: word)
        return AnnotationItem(spelling: word, name: name, value: value, location: location(at: start))
    }

    // MARK: The sourcery dialect

    /// The value of `word = ...` in the sourcery dialect, and the item it makes.
    ///
    /// Items that take names or paths (`dependency`, `type`, `shared`, `sharedProperty`) read
    /// them quoted or not; any other item keeps its value as text, so that the annotations of
    /// other Sourcery templates (`jsonKey = "id"`, `maxLength = 10`) read without error.
    private mutating func readSourceryValue(of word: String, itemStart: Int) throws(Stop) -> AnnotationItem {
        let itemLocation = location(at: itemStart)
        let isSharedProperty = word == "sharedProperty"
        guard isSharedProperty || AnnotationItem.Name(rawValue: word).map({ $0.valueForm != .none }) == true else {
            return AnnotationItem(spelling: word, value: try readText(of: word), location: itemLocation)
        }
        let value = isAtQuote ? try readQuotedPaths(of: word) : try readValue(of: word)
        guard isSharedProperty else {
            return AnnotationItem(spelling: word, value: value, location: itemLocation)
        }
        // `sharedProperty = "Library.userIDK"` names the change key `userIDK` of property `userID`.
        guard case .path(let path) = value else {
            return AnnotationItem(spelling: word, name: .shared, value: value, location: itemLocation)
        }
        var name = path.components[path.components.count - 1]
        if name.count > 1, name.hasSuffix("K") { name.removeLast() }
        let owner = Array(path.components.dropLast())
        let nameColumn = path.location.column + owner.reduce(0) { $0 + $1.utf8.count + 1 }
        return AnnotationItem(
            spelling: word, name: .shared,
            value: .path(AnnotationPath(components: [name], location: SourceLocation(line: path.location.line, column: nameColumn))),
            ownerType: owner.isEmpty ? nil : AnnotationPath(components: owner, location: path.location),
            location: itemLocation)
    }

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
