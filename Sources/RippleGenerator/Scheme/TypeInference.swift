/// The type of a member declared without one, read from its initializer where it is certain.
///
/// Generated accessors must spell out the member's type, and the generator cannot run the
/// type checker, so it infers only from initializers whose type is beyond doubt:
///
/// | Initializer                        | Type                |
/// |------------------------------------|---------------------|
/// | `0`, `-1`, `0x1F`, `1_000`          | `Int`               |
/// | `1.5`, `1e3`                        | `Double`            |
/// | `"text"`, `"""…"""`, `#"…"#`         | `String`            |
/// | `true`, `false`                     | `Bool`              |
/// | `Shelf()`, `Shelf(id: 1)`, `Shelf.init(…)`, `Outer.Shelf()` | `Shelf`, `Outer.Shelf` |
/// | `[Shelf]()`, `[String: Shelf]()`    | `[Shelf]`, `[String: Shelf]` |
///
/// Anything else (`nil`, `[]`, `Shelf.make()`, `Array(…)` whose generic argument is inferred,
/// `Int("3")` which is optional) needs an explicit type. An initializer call is taken to
/// produce its type: a failable initializer such as `URL(string:)` needs an explicit type too.
package enum TypeInference {
    /// The type of `initializer`, or `nil` when it is not certain.
    package static func type(ofInitializer initializer: String) -> String? {
        let text = SwiftText.trimmed(initializer)
        // Each kind of initializer is told by its first byte.
        guard let first = text.utf8.first else { return nil }
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "#"):
            return isStringLiteral(text) ? "String" : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return numberLiteralType(text)
        case UInt8(ascii: "["):
            return emptyCollectionCall(text)
        default:
            if text == "true" || text == "false" { return "Bool" }
            return initializerCallType(text)
        }
    }

    private static func isStringLiteral(_ text: String) -> Bool {
        // Most are one line between quotes, with no escape or quote inside: nothing to scan for.
        let inner = text.utf8.dropFirst().dropLast()
        if text.utf8.count >= 2, text.utf8.first == UInt8(ascii: "\""), text.utf8.last == UInt8(ascii: "\""),
           !inner.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\n") }) {
            return true
        }
        let bytes = Array(text.utf8)
        return SwiftText.stringLiteralEnd(in: bytes, from: 0) == bytes.count
    }

    /// `Int` or `Double` for a number literal, possibly negative.
    private static func numberLiteralType(_ text: String) -> String? {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard let first = bytes.first, SwiftText.isDigit(first) else { return nil }
        let isDecimal = { (byte: UInt8) in SwiftText.isDigit(byte) || byte == UInt8(ascii: "_") }
        if first == UInt8(ascii: "0"), let base = bytes.dropFirst().first,
           base == UInt8(ascii: "x") || base == UInt8(ascii: "o") || base == UInt8(ascii: "b") {
            let body = bytes.dropFirst(2)
            let isValid: (UInt8) -> Bool = switch base {
            case UInt8(ascii: "x"): { isDecimal($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0 | 0x20) }
            case UInt8(ascii: "o"): { (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) || $0 == UInt8(ascii: "_") }
            default: { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "1") || $0 == UInt8(ascii: "_") }
            }
            return !body.isEmpty && body.allSatisfy(isValid) ? "Int" : nil
        }
        var rest = bytes.drop(while: isDecimal)
        if rest.isEmpty { return "Int" }
        var isFloat = false
        if rest.first == UInt8(ascii: ".") {
            let fraction = rest.dropFirst()
            guard let next = fraction.first, SwiftText.isDigit(next) else { return nil }
            rest = fraction.drop(while: isDecimal)
            isFloat = true
        }
        if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
            var exponent = rest.dropFirst()
            if exponent.first == UInt8(ascii: "-") || exponent.first == UInt8(ascii: "+") { exponent = exponent.dropFirst() }
            guard let next = exponent.first, SwiftText.isDigit(next) else { return nil }
            rest = exponent.drop(while: isDecimal)
            isFloat = true
        }
        return rest.isEmpty && isFloat ? "Double" : nil
    }

    private static func emptyCollectionCall(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "["), text.hasSuffix("]()"),
              SwiftText.closingBracket(in: bytes, from: 0) == bytes.count - 3 else { return nil }
        let type = String(decoding: bytes[..<(bytes.count - 2)], as: UTF8.self)
        return NodeTypeShape(reading: type) != nil || isValueCollectionType(type) ? type : nil
    }

    /// Whether `[…]` holds type names only (`[String]`, `[String: [Int]]`), not values.
    private static func isValueCollectionType(_ type: String) -> Bool {
        let inside = type.dropFirst().dropLast()
        return inside.allSatisfy { $0.isLetter || $0.isNumber || "_.:[]<>, ?".contains($0) }
    }

    /// Standard generic types whose arguments an initializer call infers: `Array(…)` does not
    /// say what `Array` of.
    private static let genericWithoutArguments: Set<String> = [
        "Array", "Set", "Dictionary", "Optional", "ContiguousArray", "Result", "Range", "ClosedRange",
    ]

    /// Standard types whose initializer from a string is failable: `Int("3")` is an `Int?`.
    private static let failableFromString: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Bool",
    ]

    /// `T` for `T(…)` or `T.init(…)`, where `T` is a capitalized type name, possibly generic.
    private static func initializerCallType(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        // The type: names, dots and generic arguments, up to the call's `(`.
        var index = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: "(") {
            if bytes[index] == UInt8(ascii: "<") {
                guard let close = SwiftText.closingBracket(in: bytes, from: index) else { return nil }
                index = close
            } else if !SwiftText.isNameByte(bytes[index]) && bytes[index] != UInt8(ascii: ".") {
                return nil
            }
            index += 1
        }
        guard index < bytes.count, SwiftText.closingBracket(in: bytes, from: index) == bytes.count - 1 else {
            return nil
        }
        var type = String(decoding: bytes[..<index], as: UTF8.self)
        if type.hasSuffix(".init") { type.removeLast(5) }
        let arguments = SwiftText.trimmed(String(decoding: bytes[(index + 1)..<(bytes.count - 1)], as: UTF8.self))
        let baseName = String(type.prefix { $0 != "<" })
        guard SwiftText.isCapitalizedTypeName(baseName),
              !genericWithoutArguments.contains(type),
              !(failableFromString.contains(type) && (arguments.hasPrefix("\"") || arguments.hasPrefix("#")))
        else { return nil }
        return type
    }
}
