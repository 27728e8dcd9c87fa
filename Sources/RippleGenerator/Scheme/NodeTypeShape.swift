/// How a node member's declared type holds its nodes, read from the type's syntax.
///
/// `[Shelf]?` reads as `.optionalArray` of `Shelf`; `Array<Shelf>`, `Optional<Shelf>` and
/// `Dictionary<String, Shelf>` are understood too. A type that is a plain name (`Shelf`, or a
/// typealias) reads as `.single` of that name: only the scheme builder knows whether the name
/// is a node class.
package struct NodeTypeShape: Equatable, Sendable {
    package var shape: NodeShape
    /// The type of the nodes, as written: `Shelf`, `Outer.Shelf`.
    package var element: String
    /// The key type of a dictionary, as written.
    package var key: TypeSyntax?

    package init(shape: NodeShape, element: String, key: TypeSyntax? = nil) {
        self.shape = shape
        self.element = element
        self.key = key
    }

    /// Reads a declared type; `nil` when it is not one of the node shapes.
    package init?(reading type: TypeSyntax) {
        var wrapped = type
        var isOptional = false
        switch type.form {
        case .optional(let inner):
            (wrapped, isOptional) = (inner, true)
        case .named("Optional", let arguments) where arguments.count == 1:
            (wrapped, isOptional) = (arguments[0], true)
        default:
            break
        }
        guard let (collection, element, key) = Self.readCollection(wrapped),
              case .named(let elementName, let arguments) = element.form, arguments.isEmpty else { return nil }
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
        self.init(shape: shape, element: elementName, key: key)
    }

    /// The type written with `element` as the node class: `[Outer.Shelf]?`.
    package func type(element: String) -> TypeSyntax {
        let node = TypeSyntax.named(element)
        let key = key ?? .named("String")
        return switch shape {
        case .single: node
        case .optional: .optional(node)
        case .array: .array(node)
        case .optionalArray: .optional(.array(node))
        case .set: .named("Set", arguments: [node])
        case .dictionary: .dictionary(key: key, value: node)
        case .optionalDictionary: .optional(.dictionary(key: key, value: node))
        }
    }

    /// A non-optional type read as a collection of an element type, or as a single type.
    private static func readCollection(_ type: TypeSyntax) -> (NodeShape, TypeSyntax, TypeSyntax?)? {
        switch type.form {
        case .array(let element): (.array, element, nil)
        case .dictionary(let key, let value): (.dictionary, value, key)
        case .named("Array", let arguments) where arguments.count == 1: (.array, arguments[0], nil)
        case .named("Set", let arguments) where arguments.count == 1: (.set, arguments[0], nil)
        case .named("Dictionary", let arguments) where arguments.count == 2: (.dictionary, arguments[1], arguments[0])
        case .optional, .implicitlyUnwrapped: nil
        default: (.single, type, nil)
        }
    }
}
