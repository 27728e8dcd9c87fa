/// How a node member holds its children; the raw value is the runtime's `NodeShape` case.
package enum NodeShape: String, CaseIterable, Hashable, Sendable {
    case single, optional, array, optionalArray, set, dictionary, optionalDictionary

    /// How the shape is written, with `T` for the node class: `[T]?`.
    package var pattern: String {
        switch self {
        case .single: "T"
        case .optional: "T?"
        case .array: "[T]"
        case .optionalArray: "[T]?"
        case .set: "Set<T>"
        case .dictionary: "[K: T]"
        case .optionalDictionary: "[K: T]?"
        }
    }

    /// Whether a value of this shape can be `nil`.
    package var isOptional: Bool {
        self == .optional || self == .optionalArray || self == .optionalDictionary
    }
}
