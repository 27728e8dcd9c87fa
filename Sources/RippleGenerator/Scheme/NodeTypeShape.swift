/// How a node member's declared type holds its nodes, read from the type's text.
///
/// `[Shelf]?` reads as `.optionalArray` of `Shelf`; `Array<Shelf>`, `Optional<Shelf>` and
/// `Dictionary<String, Shelf>` are understood too. A type that is a plain name (`Shelf`, or a
/// typealias) reads as `.single` of that name: only the scheme builder knows whether the name
/// is a node class.
package struct NodeTypeShape: Hashable, Sendable {
    package var shape: NodeShape
    /// The type of the nodes, as written: `Shelf`, `Outer.Shelf`.
    package var element: String
    /// The key type of a dictionary, as written.
    package var key: String?

    package init(shape: NodeShape, element: String, key: String? = nil) {
        self.shape = shape
        self.element = element
        self.key = key
    }

    /// Reads a declared type; `nil` when it is not one of the node shapes.
    package init?(reading text: String) {
        if let plain = Self.readPlain(text) {
            self = plain
            return
        }
        var type = SwiftText.trimmed(text)
        var isOptional = false
        if type.utf8.last == UInt8(ascii: "?") {
            isOptional = true
            type = SwiftText.trimmed(type.dropLast())
        } else if let inner = Self.genericArguments(of: type, named: "Optional"), inner.count == 1 {
            isOptional = true
            type = inner[0]
        }
        guard let (collection, element, key) = Self.readCollection(type),
              SwiftText.isTypeName(element) else { return nil }
        let shape: NodeShape? = switch (collection, isOptional) {
        case (.single, false): .single
        case (.single, true): .optional
        case (.array, false): .array
        case (.array, true): .optionalArray
        case (.set, false): .set
        case (.dictionary, false): .dictionary
        case (.dictionary, true): .optionalDictionary
        default: nil
        }
        guard let shape else { return nil }
        self.init(shape: shape, element: element, key: key)
    }

    /// The type written with `element` as the node class: `[Outer.Shelf]?`.
    package func typeText(element: String) -> String {
        switch shape {
        case .single: element
        case .optional: element + "?"
        case .array: "[\(element)]"
        case .optionalArray: "[\(element)]?"
        case .set: "Set<\(element)>"
        case .dictionary: "[\(key ?? "String"): \(element)]"
        case .optionalDictionary: "[\(key ?? "String"): \(element)]?"
        }
    }

    /// A non-optional type read as a collection of an element type, or as a single type: the
    /// usual spellings, `Folder`, `Folder?`, `[Folder]` and `[Folder]?`; `nil` for every other.
    private static func readPlain(_ text: String) -> NodeTypeShape? {
        let bytes = Array(text.utf8)
        var end = bytes.count
        let isOptional = end > 0 && bytes[end - 1] == UInt8(ascii: "?")
        if isOptional { end -= 1 }
        var start = 0
        let isArray = end >= 2 && bytes[0] == UInt8(ascii: "[") && bytes[end - 1] == UInt8(ascii: "]")
        if isArray {
            start = 1
            end -= 1
        }
        let element = bytes[start..<end]
        guard SwiftText.isTypeName(element) else { return nil }
        let shape: NodeShape = switch (isArray, isOptional) {
        case (false, false): .single
        case (false, true): .optional
        case (true, false): .array
        case (true, true): .optionalArray
        }
        return NodeTypeShape(shape: shape, element: String(decoding: element, as: UTF8.self))
    }

    private static func readCollection(_ type: String) -> (NodeShape, String, String?)? {
        if type.utf8.first == UInt8(ascii: "[") {
            let bytes = Array(type.utf8)
            guard SwiftText.closingBracket(in: bytes, from: 0) == bytes.count - 1 else { return nil }
            let inside = String(decoding: bytes[1..<(bytes.count - 1)], as: UTF8.self)
            let parts = SwiftText.splitTopLevel(inside, at: UInt8(ascii: ":")).map(SwiftText.trimmed)
            switch parts.count {
            case 1: return (.array, parts[0], nil)
            case 2: return (.dictionary, parts[1], parts[0])
            default: return nil
            }
        }
        if let arguments = genericArguments(of: type, named: "Array"), arguments.count == 1 {
            return (.array, arguments[0], nil)
        }
        if let arguments = genericArguments(of: type, named: "Set"), arguments.count == 1 {
            return (.set, arguments[0], nil)
        }
        if let arguments = genericArguments(of: type, named: "Dictionary"), arguments.count == 2 {
            return (.dictionary, arguments[1], arguments[0])
        }
        if type.utf8.last == UInt8(ascii: "?") || type.utf8.last == UInt8(ascii: "!") { return nil }
        return (.single, type, nil)
    }

    /// The arguments of `Name<A, B>` (trimmed), or `nil` if `type` is not that generic type.
    private static func genericArguments(of type: String, named name: String) -> [String]? {
        let opener = name.utf8.count
        // Most types are no `name<...>`: tell them by their first bytes, before copying any.
        guard type.utf8.starts(with: name.utf8), type.utf8.dropFirst(opener).first == UInt8(ascii: "<") else { return nil }
        let bytes = Array(type.utf8)
        guard SwiftText.closingBracket(in: bytes, from: opener) == bytes.count - 1 else { return nil }
        let inside = String(decoding: bytes[(opener + 1)..<(bytes.count - 1)], as: UTF8.self)
        return SwiftText.splitTopLevel(inside, at: UInt8(ascii: ",")).map(SwiftText.trimmed)
    }
}
