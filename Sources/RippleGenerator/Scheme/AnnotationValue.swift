/// The value of a `key = value` item.
package enum AnnotationValue: Equatable, Sendable {
    /// A name or a dotted path: `total`, `catalog.total`.
    case path(AnnotationPath)
    /// A bracketed list of names or paths: `[selectedID, shelves.all]` (possibly empty).
    case list([AnnotationPath], location: SourceLocation)
    /// The value of an item Ripple does not read, kept as written (quotes removed), where the
    /// syntax allows it (``AnnotationParser/Syntax/otherValuesAsText``): `setProc = "reload()"`,
    /// `jsonKey = "user_id"`, `maxLength = 10`.
    case text(String, location: SourceLocation)

    /// The paths of the value: the one path, or the elements of the list; none for text.
    package var paths: [AnnotationPath] {
        switch self {
        case .path(let path): [path]
        case .list(let paths, _): paths
        case .text: []
        }
    }

    /// Where the value starts.
    package var location: SourceLocation {
        switch self {
        case .path(let path): path.location
        case .list(_, let location), .text(_, let location): location
        }
    }
}

/// A name or dotted path inside an annotation value.
package struct AnnotationPath: Equatable, Sendable {
    /// The components between the dots: `["catalog", "total"]`.
    package var components: [String]
    /// Where the path starts.
    package var location: SourceLocation

    package init(components: [String], location: SourceLocation) {
        self.components = components
        self.location = location
    }

    /// The path as written: `catalog.total`.
    package var text: String { components.joined(separator: ".") }
}
