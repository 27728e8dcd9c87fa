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
    /// The formats of the dump.
    package enum Format: String, CaseIterable, Hashable, Sendable {
        /// Indented lines, for people.
        case text
        /// Graphviz DOT: one box per class, one edge per node member.
        case dot
        /// JSON, for tools.
        case json
    }

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

    // MARK: JSON

    /// Pretty-printed JSON with the keys of each object in order, written directly rather than
    /// through `JSONSerialization`, whose bridged dictionaries made a large model's dump many
    /// times slower than generating its code.
    private func json() -> String {
        var writer = JSONWriter()
        writer.open("{")
        writer.key("classes")
        writer.open("[")
        for nodeClass in scheme.classes {
            writer.open("{")
            writer.field("accessLevel", string: nodeClass.accessLevel.rawValue)
            writer.field("file", string: nodeClass.file)
            writer.field("line", number: nodeClass.location.line)
            writer.key("members")
            writer.open("[")
            for member in nodeClass.members {
                write(member, to: &writer)
            }
            writer.close("]")
            writer.field("name", string: nodeClass.qualifiedName)
            writer.field("role", string: nodeClass.role.rawValue)
            writer.field("validating", literal: nodeClass.isValidating ? "true" : "false")
            writer.close("}")
        }
        writer.close("]")
        writer.close("}")
        return writer.output + "\n"
    }

    /// One member as a JSON object, its keys in order.
    private func write(_ member: TrackedMember, to writer: inout JSONWriter) {
        writer.open("{")
        writer.field("changeKey", number: member.changeKey)
        if !member.dependencies.isEmpty {
            writer.key("dependencies")
            writer.open("[")
            for dependency in member.dependencies {
                writer.open("{")
                writer.field("path", string: dependency.text)
                writer.key("steps")
                writer.open("[")
                for step in dependency.steps {
                    switch step {
                    case .all: writer.element(string: "all")
                    case .member(let index): writer.element(literal: String(index))
                    }
                }
                writer.close("]")
                writer.close("}")
            }
            writer.close("]")
        }
        writer.field("index", number: member.index)
        let kind: (name: String, shape: NodeShape, element: String)? = switch member.kind {
        case .property: nil
        case .node(let shape, let element): ("node", shape, element)
        }
        writer.field("kind", string: kind?.name ?? "property")
        writer.field("name", string: member.name)
        if let kind {
            writer.field("nodeClass", string: kind.element)
        }
        writer.key("options")
        writer.open("[")
        for option in member.options {
            writer.element(string: option.rawValue)
        }
        writer.close("]")
        if let kind {
            writer.field("shape", string: kind.shape.rawValue)
        }
        if let shared = member.sharedProperty {
            writer.field("sharedWith", string: shared)
        }
        writer.field("storage", string: member.storageName)
        writer.field("type", string: member.type)
        writer.close("}")
    }
}

/// Writes JSON in the layout `JSONSerialization` pretty-prints: two spaces of indentation and
/// `" : "` between a key and its value; an empty container is written `[]`.
private struct JSONWriter {
    private(set) var output = ""
    /// For each open container, whether nothing was written in it yet.
    private var isEmpty: [Bool] = []
    /// Whether a key was just written, so the value goes on its line.
    private var afterKey = false

    mutating func open(_ bracket: String) {
        startValue()
        output += bracket
        isEmpty.append(true)
    }

    mutating func close(_ bracket: String) {
        if isEmpty.removeLast() == false { newLine() }
        output += bracket
    }

    mutating func key(_ key: String) {
        startElement()
        append(string: key)
        output += " : "
        afterKey = true
    }

    mutating func field(_ name: String, string: String) {
        key(name)
        element(string: string)
    }

    mutating func field(_ name: String, number: Int) {
        key(name)
        element(literal: String(number))
    }

    mutating func field(_ name: String, literal: String) {
        key(name)
        element(literal: literal)
    }

    mutating func element(string: String) {
        startValue()
        append(string: string)
    }

    mutating func element(literal: String) {
        startValue()
        output += literal
    }

    /// Before a value: nothing after a key; in an array, a new element.
    private mutating func startValue() {
        if afterKey {
            afterKey = false
        } else if !isEmpty.isEmpty {
            startElement()
        }
    }

    /// A comma after the previous element, and a new line.
    private mutating func startElement() {
        if isEmpty[isEmpty.count - 1] {
            isEmpty[isEmpty.count - 1] = false
        } else {
            output += ","
        }
        newLine()
    }

    private mutating func newLine() {
        output += "\n"
        output += String(repeating: "  ", count: isEmpty.count)
    }

    /// A string literal: quotes, backslashes and control characters escaped.
    private mutating func append(string: String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
