internal import RippleJSON

/// Translates between a mediator's patches (nodes by their numbers in this replica's document,
/// members as the JSON documents write) and the replica engine's operations (nodes by
/// ``NodeID``, members split the way they merge). Both directions spell values alike on every
/// replica: a value is the JSON text the model's `Codable` conformance writes, a dictionary's
/// key the JSON of the key alone.
struct ReplicaTranslation {
    let shapes: ModelShapes
    /// The node of a number in this replica's document, and the class it is of.
    let nodeID: (UInt64) throws -> (id: NodeID, type: String)
    /// This replica's number of a node, and its class.
    let number: (NodeID) throws -> (number: UInt64, type: String)

    /// How one member's values are read and written.
    private struct Member {
        let type: String
        let name: String
        let holdsNodes: Bool
    }

    private func member(_ type: String, _ name: String) -> Member {
        Member(type: type, name: name, holdsNodes: shapes.holdsNodes(type, name))
    }

    // MARK: Patches to replica operations

    /// What a local patch did.
    func operations(of patch: Patch) throws -> [ReplicaOperation] {
        var result: [ReplicaOperation] = []
        for operation in patch.operations {
            switch operation {
            case .node(let id, let type, let values):
                let node = try nodeID(id).id
                var members: [ReplicaMember] = []
                for (name, value) in try values.parsed().members().sorted(by: { $0.key < $1.key }) {
                    members.append(ReplicaMember(name: name, content: try content(value, of: member(type, name))))
                }
                result.append(.make(node: node, type: type, members: members))
            case .set(let number, let name, let value):
                let (node, type) = try nodeID(number)
                result.append(.set(node: node, member: name, content: try content(try value.parsed(), of: member(type, name))))
            case .splice(let number, let name, let at, let removing, let inserting):
                let (node, type) = try nodeID(number)
                let member = member(type, name)
                let values = try inserting.parsed().elements().map { try value($0, of: member) }
                result.append(.splice(node: node, member: name, at: at, removing: removing, inserting: values))
            case .setKeys(let number, let name, let values, let removing):
                let (node, type) = try nodeID(number)
                let member = member(type, name)
                let setting = try entries(try values.parsed(), of: member)
                let removed = try removing.parsed().elements().map { ReplicaValue.json(try text($0)) }
                result.append(.setKeys(node: node, member: name, setting: setting, removing: removed))
            case .setElements(let number, let name, let inserting, let removing):
                let (node, type) = try nodeID(number)
                let member = member(type, name)
                result.append(
                    .setElements(
                        node: node, member: name, inserting: try inserting.parsed().elements().map { try value($0, of: member) },
                        removing: try removing.parsed().elements().map { try value($0, of: member) }))
            }
        }
        return result
    }

    /// A member's whole value, split as its shape merges.
    private func content(_ json: JSONValue, of member: Member) throws -> ReplicaContent {
        let shape = shapes.shape(member.type, member.name)
        if shape != .register, json.isNull { return .absent }
        switch shape {
        case .register: return .value(try value(json, of: member))
        case .sequence: return .elements(try json.elements().map { try value($0, of: member) })
        case .set: return .members(try json.elements().map { try value($0, of: member) })
        case .map: return .entries(try entries(json, of: member))
        }
    }

    /// A dictionary's entries, keys in their canonical form (the key alone), sorted by key.
    private func entries(_ json: JSONValue, of member: Member) throws -> [ReplicaEntry] {
        let keys = try dictionaryKeys(member)
        var entries: [ReplicaEntry] = []
        if keys.isKeyed {
            for (name, element) in try json.members() {
                entries.append(ReplicaEntry(key: try keys.standalone(name), value: try value(element, of: member)))
            }
        } else {
            let elements = try json.elements()
            guard elements.count.isMultiple(of: 2) else { throw ReplicaError.malformed("a dictionary's pairs are uneven") }
            for pair in stride(from: 0, to: elements.count, by: 2) {
                entries.append(ReplicaEntry(key: try text(elements[pair]), value: try value(elements[pair + 1], of: member)))
            }
        }
        return entries.sorted { $0.key < $1.key }
    }

    /// One value: in a member holding nodes, a number is a node (it holds nothing else but
    /// `null`); anything else is its JSON text.
    private func value(_ json: JSONValue, of member: Member) throws -> ReplicaValue {
        if member.holdsNodes, json.kind == .number { return .node(try nodeID(try json.uint64()).id) }
        return .json(try text(json))
    }

    private func text(_ json: JSONValue) throws -> String {
        try Self.canonicalText(json)
    }

    private func dictionaryKeys(_ member: Member) throws -> DictionaryKeys {
        guard let keys = shapes.keys[ModelShapes.Member(type: member.type, member: member.name)] else {
            throw ReplicaError.malformed("\(member.type).\(member.name) is not a dictionary")
        }
        return keys
    }

    // MARK: Replica operations to patch operations

    /// The patch operations that do `operations` to this replica's document; `made` gives the
    /// number a node made by a merge takes in it (its class is in the operation).
    func patchOperations(_ operations: [ReplicaOperation], made: (NodeID, String) -> UInt64) throws -> [Patch.Operation] {
        var result: [Patch.Operation] = []
        // Nodes first: members may name nodes made later in the list.
        for case .make(let node, let type, _) in operations { _ = made(node, type) }
        for operation in operations {
            switch operation {
            case .make(let node, let type, let members):
                var json = "{"
                for (index, entry) in members.enumerated() {
                    if index > 0 { json += "," }
                    json += try quoted(entry.name) + ":" + text(entry.content, of: member(type, entry.name))
                }
                result.append(.node(id: try number(node).number, type: type, values: PatchValue(Array((json + "}").utf8))))
            case .set(let node, let name, let content):
                let (number, type) = try number(node)
                result.append(.set(node: number, member: name, value: try patchValue(text(content, of: member(type, name)))))
            case .splice(let node, let name, let at, let removing, let inserting):
                let (number, type) = try number(node)
                let member = member(type, name)
                result.append(
                    .splice(node: number, member: name, at: at, removing: removing, inserting: try patchValue(array(inserting, of: member))))
            case .setKeys(let node, let name, let setting, let removing):
                let (number, type) = try number(node)
                let member = member(type, name)
                result.append(
                    .setKeys(
                        node: number, member: name, values: try patchValue(dictionary(setting, of: member)),
                        removing: try patchValue("[" + removing.map { try text($0, of: member) }.joined(separator: ",") + "]")))
            case .setElements(let node, let name, let inserting, let removing):
                let (number, type) = try number(node)
                let member = member(type, name)
                result.append(
                    .setElements(
                        node: number, member: name, inserting: try patchValue(array(inserting, of: member)),
                        removing: try patchValue(array(removing, of: member))))
            }
        }
        return result
    }

    private func text(_ content: ReplicaContent, of member: Member) throws -> String {
        switch content {
        case .value(let value): try text(value, of: member)
        case .elements(let values), .members(let values): try array(values, of: member)
        case .entries(let entries): try dictionary(entries, of: member)
        case .absent: "null"
        }
    }

    private func text(_ value: ReplicaValue, of member: Member) throws -> String {
        switch value {
        case .json(let text): text
        case .node(let node): String(try number(node).number)
        }
    }

    private func array(_ values: [ReplicaValue], of member: Member) throws -> String {
        "[" + (try values.map { try text($0, of: member) }).joined(separator: ",") + "]"
    }

    /// Entries in the form the dictionary writes itself.
    private func dictionary(_ entries: [ReplicaEntry], of member: Member) throws -> String {
        let keys = try dictionaryKeys(member)
        var parts: [String] = []
        for entry in entries {
            let value = try text(entry.value, of: member)
            parts.append(keys.isKeyed ? try quoted(try keys.memberName(entry.key)) + ":" + value : entry.key + "," + value)
        }
        let body = parts.joined(separator: ",")
        return keys.isKeyed ? "{" + body + "}" : "[" + body + "]"
    }

    private func quoted(_ string: String) throws -> String {
        var bytes: [UInt8] = []
        try DocumentJSON.encode(string, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A value from anywhere, parsed once here so that what is not JSON fails before the update.
    private func patchValue(_ json: String) throws -> PatchValue {
        let bytes = Array(json.utf8)
        _ = try DocumentJSON.parse(bytes)
        return PatchValue(bytes)
    }
}
