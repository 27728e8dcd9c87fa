import Foundation
import RippleGenerator

extension SchemeDump {
    /// The scheme as pretty-printed JSON with sorted keys, as `JSONEncoder` writes it, except for
    /// an empty list, which it spreads over lines with nothing on them, and the dump writes `[]`
    /// (tools and tests read the dump's bytes).
    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, integers, booleans and lists of them always encode.
        let data = (try? encoder.encode(SchemeJSON(scheme))) ?? Data()
        // An empty list is the only thing with a line break and no text inside its brackets:
        // strings hold their line breaks escaped.
        let text = String(decoding: data, as: UTF8.self)
        return text.replacingOccurrences(of: #"\[\n\n *\]"#, with: "[]", options: .regularExpression) + "\n"
    }
}

/// What `--dump-scheme --format json` writes: every class with its members; a member's
/// `dependencies`, `nodeClass`, `shape` and `sharedWith` only when it has them.
private struct SchemeJSON: Encodable {
    struct NodeClassJSON: Encodable {
        let accessLevel, file: String
        let line: Int
        let members: [MemberJSON]
        let name, role: String
        let validating: Bool
    }

    struct MemberJSON: Encodable {
        let changeKey: Int
        let dependencies: [DependencyJSON]?
        let index: Int
        let kind, name: String
        let nodeClass: String?
        let options: [String]
        let shape, sharedWith: String?
        let storage, type: String
    }

    /// A dependency's path as written, and its steps: member indices, and `"all"`.
    struct DependencyJSON: Encodable {
        let path: String
        let steps: [Step]

        enum Step: Encodable {
            case member(Int)
            case all

            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .member(let index): try container.encode(index)
                case .all: try container.encode("all")
                }
            }
        }
    }

    let classes: [NodeClassJSON]

    init(_ scheme: ModelScheme) {
        classes = scheme.classes.map { nodeClass in
            NodeClassJSON(
                accessLevel: nodeClass.accessLevel.rawValue, file: nodeClass.file, line: nodeClass.location.line,
                members: nodeClass.members.map(MemberJSON.init), name: nodeClass.qualifiedName, role: nodeClass.role.rawValue,
                validating: nodeClass.isValidating)
        }
    }
}

extension SchemeJSON.MemberJSON {
    init(_ member: TrackedMember) {
        let node: (shape: NodeShape, element: String)? =
            switch member.kind {
            case .property: nil
            case .node(let shape, let element): (shape, element)
            }
        self.init(
            changeKey: member.changeKey,
            dependencies: member.dependencies.isEmpty
                ? nil
                : member.dependencies.map { dependency in
                    SchemeJSON.DependencyJSON(
                        path: dependency.text,
                        steps: dependency.steps.map { step in
                            switch step {
                            case .all: .all
                            case .member(let index): .member(index)
                            }
                        })
                },
            index: member.index, kind: node == nil ? "property" : "node", name: member.name, nodeClass: node?.element,
            options: member.options.map(\.rawValue), shape: node?.shape.rawValue, sharedWith: member.sharedProperty,
            storage: member.storageName, type: member.type)
    }
}
