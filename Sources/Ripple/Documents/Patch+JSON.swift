internal import RippleJSON

extension Patch {
    /// The patch as JSON, written directly: the bytes its `Codable` conformance writes through
    /// the documents' encoder (keys sorted), without the generic encoder's containers, which
    /// cost most of a journal append.
    func jsonBytes() -> [UInt8] {
        var json = JSONWriter()
        json.beginObject()
        json.key("document")
        json.write(document)
        json.key("operations")
        json.beginArray()
        for operation in operations { operation.write(to: &json) }
        json.endArray()
        json.key("sequence")
        json.write(sequence)
        if let tag {
            json.key("tag")
            json.write(tag)
        }
        json.endObject()
        return json.bytes
    }
}

extension Patch.Operation {
    /// `{"case":{members sorted by name}}`, as the synthesized `Codable` conformance writes it.
    fileprivate func write(to json: inout JSONWriter) {
        json.beginObject()
        switch self {
        case .node(let id, let type, let values):
            json.key("node")
            json.beginObject()
            json.key("id")
            json.write(id)
            json.key("type")
            json.write(type)
            json.key("values")
            json.write(values.json)
        case .set(let node, let member, let value):
            json.key("set")
            json.beginObject()
            Self.writeTarget(node: node, member: member, to: &json)
            json.key("value")
            json.write(value.json)
        case .splice(let node, let member, let at, let removing, let inserting):
            json.key("splice")
            json.beginObject()
            json.key("at")
            json.write(at)
            json.key("inserting")
            json.write(inserting.json)
            Self.writeTarget(node: node, member: member, to: &json)
            json.key("removing")
            json.write(removing)
        case .setKeys(let node, let member, let values, let removing):
            json.key("setKeys")
            json.beginObject()
            Self.writeTarget(node: node, member: member, to: &json)
            json.key("removing")
            json.write(removing.json)
            json.key("values")
            json.write(values.json)
        case .setElements(let node, let member, let inserting, let removing):
            json.key("setElements")
            json.beginObject()
            json.key("inserting")
            json.write(inserting.json)
            Self.writeTarget(node: node, member: member, to: &json)
            json.key("removing")
            json.write(removing.json)
        }
        json.endObject()
        json.endObject()
    }

    /// The `member` and `node` keys every operation on a member has, in their sorted place.
    private static func writeTarget(node: UInt64, member: String, to json: inout JSONWriter) {
        json.key("member")
        json.write(member)
        json.key("node")
        json.write(node)
    }
}
