/// A type as written, read once by the parser: its text, the type names in it, and the
/// structure the generator looks into.
///
/// ```swift
/// // var _tracks: [String: Track]?
/// type.text    // "[String: Track]?"
/// type.form    // .optional(<[String: Track]>), which is .dictionary(key: <String>, value: <Track>)
/// type.names   // ["String", "Track"]
/// ```
///
/// Optionals, arrays, dictionaries, tuples and generic arguments are read; function types,
/// `some P`, compositions and the like are ``Form/other``: text whose names are still known.
package struct TypeSyntax: Hashable, Sendable {
    /// How a type is built, one level at a time; the types inside are read the same way.
    package indirect enum Form: Hashable, Sendable {
        /// A dotted name with the generic arguments of its last part: `Shelf`, `Outer.Shelf`,
        /// `Set<Shelf>`, `Dictionary<String, Shelf>`.
        case named(String, arguments: [TypeSyntax])
        /// `Wrapped?`.
        case optional(TypeSyntax)
        /// `Wrapped!`.
        case implicitlyUnwrapped(TypeSyntax)
        /// `[Element]`.
        case array(TypeSyntax)
        /// `[Key: Value]`.
        case dictionary(key: TypeSyntax, value: TypeSyntax)
        /// `(A, B)`, `()`, and `(A)`, a type in parentheses; elements keep their labels.
        case tuple([TypeSyntax])
        /// `@Sendable T`: an attribute (without spaces in it), then the type.
        case attributed(TypeSyntax)
        /// Anything else: function types, `some P`, `any P`, `A & B`, `T...`, `Box<T>.Member`.
        case other
    }

    /// The type's text with whitespace normalized (see ``TokenText``): `[String: Track]?`.
    package private(set) var text: String
    package private(set) var form: Form
    /// Where the type names are in ``text``, as ranges of its UTF-8 bytes: each name with the
    /// `.Member` parts after it (`Outer.Kind` is one), but not an argument label of a function
    /// type or tuple (`(_ count: Int)`), nor an attribute (`@Sendable`).
    package private(set) var nameRanges: [Range<Int>]
    /// Whether `->` appears outside parentheses and brackets: a function type, or one among
    /// generic arguments (`Box<(Int) -> Void>`).
    package private(set) var hasArrowOutsideBrackets: Bool

    init(text: String, form: Form, nameRanges: [Range<Int>], hasArrowOutsideBrackets: Bool) {
        self.text = text
        self.form = form
        self.nameRanges = nameRanges
        self.hasArrowOutsideBrackets = hasArrowOutsideBrackets
    }

    /// The type names, in order: `["String", "Outer.Kind"]` for `[String: Outer.Kind]`.
    package var names: [String] {
        let bytes = Array(text.utf8)
        return nameRanges.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    // MARK: Types the generator writes

    /// `name`, or `name<arguments>`.
    package static func named(_ name: String, arguments: [TypeSyntax] = []) -> TypeSyntax {
        var written = TypeSyntax(
            text: name, form: .named(name, arguments: arguments), nameRanges: [0..<name.utf8.count],
            hasArrowOutsideBrackets: arguments.contains(where: \.hasArrowOutsideBrackets))
        guard !arguments.isEmpty else { return written }
        written.text += "<"
        for (position, argument) in arguments.enumerated() {
            if position > 0 { written.text += ", " }
            written.append(argument)
        }
        written.text += ">"
        return written
    }

    /// `wrapped?`.
    package static func optional(_ wrapped: TypeSyntax) -> TypeSyntax {
        var written = wrapped
        written.form = .optional(wrapped)
        written.text += "?"
        return written
    }

    /// `[element]`.
    package static func array(_ element: TypeSyntax) -> TypeSyntax {
        var written = TypeSyntax(text: "[", form: .array(element), nameRanges: [], hasArrowOutsideBrackets: false)
        written.append(element)
        written.text += "]"
        return written
    }

    /// `[key: value]`.
    package static func dictionary(key: TypeSyntax, value: TypeSyntax) -> TypeSyntax {
        var written = TypeSyntax(
            text: "[", form: .dictionary(key: key, value: value), nameRanges: [], hasArrowOutsideBrackets: false)
        written.append(key)
        written.text += ": "
        written.append(value)
        written.text += "]"
        return written
    }

    /// Appends the text of `part`, and its names.
    private mutating func append(_ part: TypeSyntax) {
        let offset = text.utf8.count
        nameRanges += part.nameRanges.map { ($0.lowerBound + offset)..<($0.upperBound + offset) }
        text += part.text
    }

    // MARK: Rewriting

    /// The type with each name for which `replacement` gives another written so, as in the
    /// qualified `[Library.Kind]` for `[Kind]`.
    package func replacingNames(_ replacement: (String) -> String?) -> TypeSyntax {
        var bytes = Array(text.utf8)
        var ranges = nameRanges
        var shift = 0
        for index in ranges.indices {
            let range = (ranges[index].lowerBound + shift)..<(ranges[index].upperBound + shift)
            let name = String(decoding: bytes[range], as: UTF8.self)
            guard let replaced = replacement(name) else {
                ranges[index] = range
                continue
            }
            bytes.replaceSubrange(range, with: replaced.utf8)
            ranges[index] = range.lowerBound..<(range.lowerBound + replaced.utf8.count)
            shift += replaced.utf8.count - range.count
        }
        let form: Form = switch self.form {
        case .named(let name, let arguments):
            .named(replacement(name) ?? name, arguments: arguments.map { $0.replacingNames(replacement) })
        case .optional(let wrapped): .optional(wrapped.replacingNames(replacement))
        case .implicitlyUnwrapped(let wrapped): .implicitlyUnwrapped(wrapped.replacingNames(replacement))
        case .array(let element): .array(element.replacingNames(replacement))
        case .dictionary(let key, let value):
            .dictionary(key: key.replacingNames(replacement), value: value.replacingNames(replacement))
        case .tuple(let elements): .tuple(elements.map { $0.replacingNames(replacement) })
        case .attributed(let type): .attributed(type.replacingNames(replacement))
        case .other: .other
        }
        return TypeSyntax(
            text: String(decoding: bytes, as: UTF8.self), form: form, nameRanges: ranges,
            hasArrowOutsideBrackets: hasArrowOutsideBrackets)
    }
}
