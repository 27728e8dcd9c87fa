import Foundation

extension Mediator {
    /// The registrations in firing order, one per line, with what they read and write.
    ///
    /// ```
    /// 1. coordinator 'reset' (priority -1) reads Library.userID
    /// 2. processor 'count' (level 0) reads Library.selectedID, Library.shelves, Shelf.* writes Library.selectedCount
    /// 3. observer 'header' (level 1) reads Library.selectedCount, Catalog.total
    /// ```
    public var registrationsDescription: String {
        core.graph.ordered().enumerated().map { index, registration in
            var line = "\(index + 1). \(registration.roleName) '\(registration.name)'"
            switch registration.role {
            case .coordinator(let priority): line += " (priority \(priority))"
            case .processor, .observer: line += " (level \(registration.level))"
            case .everyRefresh: line += " (every refresh)"
            }
            if registration.forEach != nil { line += " for each \(registration.anchorDescriptor.name)" }
            if !registration.readPaths.isEmpty {
                line += " reads " + registration.readPaths.map { describe($0, registration) }.joined(separator: ", ")
            }
            if !registration.writePaths.isEmpty {
                line += " writes " + registration.writePaths.map { describe($0, registration) }.joined(separator: ", ")
            }
            if registration.isPaused { line += " [paused]" }
            return line
        }.joined(separator: "\n")
    }

    /// The dependency graph in Graphviz DOT: an edge from each processor to every
    /// registration that reads what it writes, labelled with those properties.
    public var dependencyGraphDOT: String {
        let registrations = core.graph.ordered()
        var lines = ["digraph Ripple {", "  rankdir=LR;", "  node [fontname=\"Helvetica\"];"]
        for registration in registrations {
            let shape = switch registration.role {
            case .coordinator: "diamond"
            case .processor: "box"
            case .observer, .everyRefresh: "ellipse"
            }
            lines.append("  \(dotID(registration)) [label=\"\(escape(registration.name))\\n\(registration.roleName)\", shape=\(shape)];")
        }
        for reader in registrations {
            var labels: [ObjectIdentifier: [String]] = [:]
            var writers: [RegistrationState] = []
            for key in reader.readKeys.keys.sorted(by: { (reader.readKeys.names[$0] ?? "") < (reader.readKeys.names[$1] ?? "") }) {
                guard let writer = core.graph.writer(of: key), writer !== reader else { continue }
                if labels[ObjectIdentifier(writer)] == nil { writers.append(writer) }
                labels[ObjectIdentifier(writer), default: []].append(reader.readKeys.names[key] ?? "?")
            }
            for writer in writers {
                let label = labels[ObjectIdentifier(writer)]?.joined(separator: "\\n") ?? ""
                lines.append("  \(dotID(writer)) -> \(dotID(reader)) [label=\"\(escape(label))\"];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    private func describe(_ steps: [PathStep], _ registration: RegistrationState) -> String {
        PathDescription.describe(steps, from: registration.anchorDescriptor)
    }

    private func dotID(_ registration: RegistrationState) -> String { "r\(registration.sequence)" }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "\\\"")
    }
}
