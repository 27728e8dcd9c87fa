import RippleGenerator

/// The model scheme printed by `ripple-gen --dump-scheme`: every class with its members,
/// their change keys, kinds, options and dependencies.
///
/// ```
/// root Library
///     userID: Int (property, key 0)
///     catalog: Catalog (node single of Catalog, key 3)
///     selectedShelf: Shelf? (node optional of Shelf, key 6, readOnly, computed)
///         reads selectedID, shelves
/// ```
package struct SchemeDump: Sendable {
    /// The formats of the dump: `--format` is read by the generator's command line.
    package typealias Format = SchemeDumpFormat

    package let scheme: ModelScheme

    package init(scheme: ModelScheme) {
        self.scheme = scheme
    }

    /// The dump in `format`, ending with a newline.
    package func render(_ format: Format) -> String {
        switch format {
        case .text: text()
        case .dot: dot()
        case .json: json()
        }
    }

    // MARK: Text

    private func text() -> String {
        var lines: [String] = []
        for nodeClass in scheme.classes {
            lines.append("\(nodeClass.role.rawValue) \(nodeClass.qualifiedName)")
            for member in nodeClass.members {
                lines.append("    \(member.name): \(member.type) (\(summary(of: member)))")
                if !member.dependencies.isEmpty {
                    lines.append("        reads " + member.dependencies.map(\.text).joined(separator: ", "))
                }
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `property, key 0, discardable`, `node array of Shelf, key 4`.
    private func summary(of member: TrackedMember) -> String {
        var parts: [String] = []
        switch member.kind {
        case .property: parts.append("property")
        case .node(let shape, let element): parts.append("node \(shape.rawValue) of \(element)")
        }
        if let shared = member.sharedProperty {
            parts.append("key \(member.changeKey) shared with \(shared)")
        } else {
            parts.append("key \(member.changeKey)")
        }
        parts += member.options.map(\.rawValue)
        return parts.joined(separator: ", ")
    }

    // MARK: DOT

    private func dot() -> String {
        var lines = ["digraph RippleScheme {", "    rankdir=LR;", "    node [shape=box, fontname=\"Menlo\"];"]
        for nodeClass in scheme.classes {
            var label = "\(nodeClass.role.rawValue) \(nodeClass.qualifiedName)\\n"
            for member in nodeClass.members {
                label += escape("\(member.name): \(member.type) (\(summary(of: member)))") + "\\l"
            }
            lines.append("    \(quote(nodeClass.qualifiedName)) [label=\"\(label)\"];")
        }
        for nodeClass in scheme.classes {
            for member in nodeClass.members {
                guard case .node(let shape, let element) = member.kind else { continue }
                // Computed members are dashed; the label shows the shape unless it is a single node.
                let style = member.isComputed ? ", style=dashed" : ""
                let label = shape == .single ? member.name : "\(member.name) \(shape.pattern)"
                lines.append("    \(quote(nodeClass.qualifiedName)) -> \(quote(element)) [label=\"\(escape(label))\"\(style)];")
            }
        }
        lines.append("}")
        return lines.map { $0 + "\n" }.joined()
    }

    private func quote(_ text: String) -> String {
        "\"" + escape(text) + "\""
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
