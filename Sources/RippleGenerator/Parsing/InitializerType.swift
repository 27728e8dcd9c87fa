/// The type of a member declared without one, read from its initializer's tokens where it is
/// certain.
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
/// A type read from a call keeps the initializer's spacing: `[String : Shelf]()` is a
/// `[String : Shelf]`.
struct InitializerType {
    let tokens: [Token]
    let bytes: [UInt8]
    /// The positions of the initializer's tokens that are not comments.
    private let significant: [Int]

    /// The type of the initializer `tokens[range]`, or `nil` when it is not certain.
    static func read(_ tokens: [Token], _ range: Range<Int>, in bytes: [UInt8]) -> TypeSyntax? {
        InitializerType(tokens: tokens, bytes: bytes, significant: range.filter { !tokens[$0].kind.isComment }).type()
    }

    private func type() -> TypeSyntax? {
        guard let first = significant.first.map({ tokens[$0] }) else { return nil }
        if significant.count == 1 && (spelled(first, "true") || spelled(first, "false")) {
            return .named("Bool")
        }
        switch first.kind {
        case .stringLiteral:
            return significant.count == 1 && !first.isUnterminated ? .named("String") : nil
        case .integerLiteral, .floatLiteral:
            return significant.count == 1 ? numberLiteralType(first) : nil
        case .operator where significant.count == 2 && spelled(first, "-"):
            let number = tokens[significant[1]]
            guard number.kind == .integerLiteral || number.kind == .floatLiteral, !number.followsWhitespace else { return nil }
            return numberLiteralType(number)
        case .leftBracket:
            return emptyCollectionCallType()
        case .identifier, .keyword, .period:
            return initializerCallType()
        default:
            return nil
        }
    }

    /// `Int` or `Double` for a number literal: decimal, hexadecimal, octal or binary integers,
    /// decimal floats.
    private func numberLiteralType(_ token: Token) -> TypeSyntax? {
        let bytes = self.bytes[token.range]
        let isDecimal = { (byte: UInt8) in SwiftText.isDigit(byte) || byte == UInt8(ascii: "_") }
        if bytes.first == UInt8(ascii: "0"), let base = bytes.dropFirst().first,
           base == UInt8(ascii: "x") || base == UInt8(ascii: "o") || base == UInt8(ascii: "b") {
            let body = bytes.dropFirst(2)
            let isValid: (UInt8) -> Bool = switch base {
            case UInt8(ascii: "x"): { isDecimal($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0 | 0x20) }
            case UInt8(ascii: "o"): { (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) || $0 == UInt8(ascii: "_") }
            default: { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "1") || $0 == UInt8(ascii: "_") }
            }
            return !body.isEmpty && body.allSatisfy(isValid) ? .named("Int") : nil
        }
        var rest = bytes.drop(while: isDecimal)
        if rest.isEmpty { return .named("Int") }
        if rest.first == UInt8(ascii: ".") {
            let fraction = rest.dropFirst()
            guard let next = fraction.first, SwiftText.isDigit(next) else { return nil }
            rest = fraction.drop(while: isDecimal)
        }
        if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
            var exponent = rest.dropFirst()
            if exponent.first == UInt8(ascii: "-") || exponent.first == UInt8(ascii: "+") { exponent = exponent.dropFirst() }
            guard let next = exponent.first, SwiftText.isDigit(next) else { return nil }
            rest = exponent.drop(while: isDecimal)
        }
        // Not an integer: it has a fraction or an exponent.
        return rest.isEmpty ? .named("Double") : nil
    }

    /// `[Shelf]()`, `[String: Shelf]()`: brackets that hold types, called without arguments.
    private func emptyCollectionCallType() -> TypeSyntax? {
        guard significant.count >= 4, let close = closingBracket(from: 0), close == significant.count - 3,
              tokens[significant[close + 1]].kind == .leftParen, !tokens[significant[close + 1]].followsWhitespace,
              tokens[significant[close + 2]].kind == .rightParen
        else { return nil }
        let type = TypeReader.read(tokens, significant[0]..<significant[close] + 1, in: bytes, style: .expression)
        // Brackets of node class names, or of names, brackets and optionals alone: `[Int?]`.
        var element: TypeSyntax?
        switch type.form {
        case .array(let value), .dictionary(_, let value): element = value
        default: break
        }
        if case .named(_, let arguments)? = element?.form, arguments.isEmpty {
            return type
        }
        let inside = type.text.dropFirst().dropLast()
        return inside.allSatisfy({ $0.isLetter || $0.isNumber || "_.:[]<>, ?".contains($0) }) ? type : nil
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

    /// `T` for `T(…)` or `T.init(…)`, where `T` is a capitalized type name, possibly generic,
    /// written without spaces but in its generic arguments.
    private func initializerCallType() -> TypeSyntax? {
        // The type: names and dots, and generic arguments, up to the call's `(`.
        var position = 0
        while position < significant.count, tokens[significant[position]].kind != .leftParen {
            let token = tokens[significant[position]]
            if position > 0 && token.followsWhitespace { return nil }
            if token.kind == .operator && bytes[token.range.lowerBound] == UInt8(ascii: "<") {
                guard let close = closingBracket(from: position) else { return nil }
                position = close
            } else if !bytes[token.range].allSatisfy({ SwiftText.isNameByte($0) || $0 == UInt8(ascii: ".") }) {
                return nil
            }
            position += 1
        }
        guard position > 0, position < significant.count, !tokens[significant[position]].followsWhitespace,
              closingBracket(from: position) == significant.count - 1 else { return nil }
        var typeEnd = position
        if typeEnd >= 2, tokens[significant[typeEnd - 2]].kind == .period, spelled(tokens[significant[typeEnd - 1]], "init") {
            typeEnd -= 2
        }
        guard typeEnd > 0 else { return nil }
        let type = TypeReader.read(tokens, significant[0]..<significant[typeEnd - 1] + 1, in: bytes, style: .expression)
        let baseName = String(type.text.prefix { $0 != "<" })
        let firstArgument = position + 1 < significant.count - 1 ? tokens[significant[position + 1]] : nil
        let startsWithText = firstArgument.map {
            bytes[$0.range.lowerBound] == UInt8(ascii: "\"") || bytes[$0.range.lowerBound] == UInt8(ascii: "#")
        } ?? false
        guard SwiftText.isTypeName(baseName),
              baseName.split(separator: ".").allSatisfy({ $0.first?.isUppercase == true }),
              !Self.genericWithoutArguments.contains(type.text),
              !(Self.failableFromString.contains(type.text) && startsWithText)
        else { return nil }
        return type
    }

    /// The position in ``significant`` of the token that closes the bracket at `open`, counting
    /// `(`, `[` and `{`, and angle brackets when `open` is a `<`; `nil` when none does, or when
    /// it closes inside an operator (`>>` closing one level).
    private func closingBracket(from open: Int) -> Int? {
        let countsAngles = tokens[significant[open]].kind == .operator
        var depth = 0
        for position in open..<significant.count {
            let token = tokens[significant[position]]
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace:
                depth += 1
            case .rightParen, .rightBracket, .rightBrace:
                depth -= 1
                if depth == 0 { return position }
            case .operator where countsAngles:
                for offset in token.range {
                    if bytes[offset] == UInt8(ascii: "<") {
                        depth += 1
                    } else if bytes[offset] == UInt8(ascii: ">") {
                        depth -= 1
                        if depth == 0 { return offset == token.range.upperBound - 1 ? position : nil }
                    }
                }
            default:
                break
            }
        }
        return nil
    }

    private func spelled(_ token: Token, _ text: String) -> Bool {
        bytes[token.range].elementsEqual(text.utf8)
    }
}
