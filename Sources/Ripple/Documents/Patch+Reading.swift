internal import RippleJSON

extension Patch {
    /// Reads a patch from parsed JSON, as its `Codable` conformance reads it (the same values,
    /// the same errors), without the generic decoder's containers, which cost most of replaying
    /// a journal; replaying one reads each record this way.
    init(reading value: JSONValue) throws {
        let tag = try value.memberIfPresent("tag")
        self.init(
            tag: tag == nil || tag?.isNull == true ? nil : try tag?.string(),
            operations: try value.member("operations").elements().map(Operation.init(reading:)),
            document: try value.member("document").string(),
            sequence: try value.member("sequence").uint64())
    }
}

extension Patch.Operation {
    /// `{"case":{members}}`, as the synthesized conformance reads it: exactly one key that is a
    /// case (others are ignored), its members by name.
    fileprivate init(reading value: JSONValue) throws {
        let cases = ["node", "set", "splice", "setKeys", "setElements"]
        let found = try value.members().filter { cases.contains($0.key) }
        guard found.count == 1, let (name, members) = found.first else {
            throw DecodingError.typeMismatch(
                Patch.Operation.self,
                DecodingError.Context(codingPath: value.codingPath, debugDescription: "Invalid number of keys found, expected one."))
        }
        func text(_ key: String) throws -> PatchValue { PatchValue(text: try members.member(key).string()) }
        func number<Integer: FixedWidthInteger>(_ key: String, _: Integer.Type = UInt64.self) throws -> Integer {
            try members.member(key).integer(as: Integer.self)
        }
        func string(_ key: String) throws -> String { try members.member(key).string() }
        switch name {
        case "node": self = .node(id: try number("id"), type: try string("type"), values: try text("values"))
        case "set": self = .set(node: try number("node"), member: try string("member"), value: try text("value"))
        case "splice":
            self = .splice(
                node: try number("node"), member: try string("member"), at: try number("at", Int.self),
                removing: try number("removing", Int.self), inserting: try text("inserting"))
        case "setKeys":
            self = .setKeys(node: try number("node"), member: try string("member"), values: try text("values"), removing: try text("removing"))
        default:
            self = .setElements(
                node: try number("node"), member: try string("member"), inserting: try text("inserting"),
                removing: try text("removing"))
        }
    }
}

extension PatchValue {
    /// A value whose JSON text is `text`.
    fileprivate init(text: String) {
        json = text
    }
}
