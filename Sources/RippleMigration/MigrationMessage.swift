import RippleGenerator

/// What `ripple-gen migrate` leaves for a person, on the line concerned, besides what the
/// generator still reports on the migrated files.
///
/// Each message says what migrate did not do, why, and what to do instead.
package enum MigrationMessage: DiagnosticMessage, Hashable {
    /// A term of a read map that has no dependency path; the `dependency` that names the map is
    /// left as it is.
    case untranslatableTerm(map: String, term: String, reason: String)
    /// A read map of a node class: Quantwm's paths start at the root, Ripple's at the class.
    case readMapOfNode(map: String, className: String)
    /// A read map without an initializer migrate can read.
    case unreadableReadMap(map: String)
    /// A read map whose dependency was replaced, kept because other code uses it.
    case readMapStillUsed(map: String)
    /// A use of the deleted root property.
    case rootPropertyStillUsed(name: String)
    /// A declaration migrate would delete, which shares its lines with other code.
    case notOnItsOwnLines(name: String)
    /// A root or node class whose Codable conformance is synthesized from its stored
    /// properties, the tracker among them.
    case synthesizedCodable(className: String)

    /// How serious the message is: an error when the code will not build as it is.
    package var severity: Diagnostic.Severity {
        switch self {
        case .untranslatableTerm, .readMapOfNode, .unreadableReadMap, .notOnItsOwnLines: .warning
        case .readMapStillUsed, .rootPropertyStillUsed, .synthesizedCodable: .error
        }
    }

    /// The message, phrased as the fix.
    package var text: String {
        switch self {
        case .untranslatableTerm(let map, let term, let reason):
            return "'\(term)' in read map '\(map)' \(reason), so migrate left the dependency that names the map; "
                + "list the paths the member reads in its 'dependency' instead"
        case .readMapOfNode(let map, let className):
            return "read map '\(map)' holds paths from the root, but the dependencies of '\(className)' are relative "
                + "to '\(className)', so migrate left the dependency that names it; list the paths from '\(className)' instead"
        case .unreadableReadMap(let map):
            return "migrate cannot read read map '\(map)' (a 'static let' with a sum of 'QWModel.root...._Read' "
                + "terms); list the paths the member reads in its 'dependency' instead"
        case .readMapStillUsed(let map):
            return "read map '\(map)' is still used here, and it reads Quantwm's QWModel, which Ripple replaces; "
                + "use paths of the model scheme here, then delete '\(map)'"
        case .rootPropertyStillUsed(let name):
            return "'\(name)' was Quantwm's root property, which migrate deleted; Ripple needs none: give the root "
                + "to 'Mediator(root:)' and delete this use"
        case .notOnItsOwnLines(let name):
            return "migrate did not delete '\(name)' because it shares its lines with other code; delete it by hand"
        case .synthesizedCodable(let className):
            return "'\(className)' synthesizes its Codable conformance from its stored properties, and its tracker "
                + "is not Codable; declare 'enum CodingKeys: String, CodingKey' with the properties "
                + "to encode, without 'tracker'"
        }
    }
}
