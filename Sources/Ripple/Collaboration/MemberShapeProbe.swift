internal import RippleJSON

/// Finds out how a saved member merges, from the generated code itself: the generated
/// `_rippleApplyChange` calls the ``DocumentChangeReader`` method of the member's shape (an
/// array, a dictionary, a set, or a whole value), chosen by its type at compile time. A reader
/// that probes records which one was called and throws before anything changes, so the
/// generator need say nothing more than it does for documents.
final class MemberShapeProbe {
    /// What a probing reader throws, once it knows.
    struct Found: Error {}

    private(set) var shape: MemberShape?
    /// For a dictionary: its keys' conversions between the two forms a key takes in a
    /// document (see ``DictionaryKeys``).
    private(set) var keys: DictionaryKeys?

    /// Stops the probed change: its member merges as `shape`.
    func found(_ shape: MemberShape) throws {
        self.shape = shape
        throw Found()
    }

    /// Stops the probed change: its member is a dictionary keyed by `Key`.
    func found<Key: Decodable & Hashable>(_ shape: MemberShape, keys _: Key.Type) throws {
        // Saved keys are Codable (documents write them); the reader's signature only says
        // what reading needs.
        if let codable = Key.self as? any (Codable & Hashable).Type { keys = DictionaryKeys(codable) }
        try found(shape)
    }

    /// How every saved member of every class of `Root`'s model merges, by class and member name.
    @MainActor
    static func shapes<Root: DocumentRoot>(of _: Root.Type) -> ModelShapes {
        var shapes = ModelShapes()
        let identities = DocumentIdentities()
        for (name, type) in Root._rippleDocumentTypes.sorted(by: { $0.key < $1.key }) {
            let node = type._rippleMake()
            let descriptor = type._rippleDescriptor
            for (index, member) in descriptor.members.enumerated() where descriptor.saves(index) {
                let probe = MemberShapeProbe()
                _ = try? node._rippleApplyChange(to: index, DocumentChangeReader(probing: probe, identities: identities))
                let shape = probe.shape ?? .register
                // Registers are what a member not listed is: a class of registers alone (the
                // most common) then costs a merge one lookup per operation, not two.
                if shape != .register { shapes.classes[name, default: [:]][member.name] = shape }
                let key = ModelShapes.Member(type: name, member: member.name)
                if let keys = probe.keys { shapes.keys[key] = keys }
                if member.isNode { shapes.nodeMembers.insert(key) }
            }
        }
        return shapes
    }
}

/// How the members of a model's classes merge.
struct ModelShapes {
    struct Member: Hashable {
        let type: String
        let member: String
    }

    /// By class name, then member name (what ``ReplicaEngine`` takes); a member not listed is
    /// a register.
    var classes: [String: [String: MemberShape]] = [:]
    /// The dictionaries' keys, by class and member.
    var keys: [Member: DictionaryKeys] = [:]
    /// The members that hold nodes.
    var nodeMembers: Set<Member> = []

    func holdsNodes(_ type: String, _ member: String) -> Bool {
        nodeMembers.contains(Member(type: type, member: member))
    }

    func shape(_ type: String, _ member: String) -> MemberShape {
        classes[type]?[member] ?? .register
    }
}

/// A dictionary's keys in the two forms a document holds them: as the JSON of the key alone
/// (a patch's list of removed keys, and a replica's canonical form), and as the dictionary
/// itself writes them (an object's member names for `String`, `Int` and `CodingKeyRepresentable`
/// keys; else an array of key, value pairs). Converted by the key type's own `Codable`
/// conformance, so that every replica spells a key alike.
struct DictionaryKeys: @unchecked Sendable {
    /// Whether the dictionary is written as an object (keyed by strings).
    let isKeyed: Bool
    /// The key alone, from an object member's name.
    let standalone: (String) throws -> String
    /// An object member's name, from the key alone.
    let memberName: (String) throws -> String

    init<Key: Codable & Hashable>(_: Key.Type) {
        var probe: [UInt8] = []
        isKeyed = (try? DocumentJSON.encode([Key: Bool](), into: &probe)).map { probe == Array("{}".utf8) } ?? false
        standalone = { name in
            var object: [UInt8] = []
            try DocumentJSON.encode([name: true], into: &object)
            let decoded = try DocumentJSON.decode([Key: Bool].self, from: try DocumentJSON.parse(object))
            var bytes: [UInt8] = []
            try DocumentJSON.encode(Array(decoded.keys), into: &bytes)
            return String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
        }
        memberName = { key in
            let array = try DocumentJSON.parse(Array("[\(key)]".utf8))
            let decoded = try DocumentJSON.decode([Key].self, from: array)
            var bytes: [UInt8] = []
            try DocumentJSON.encode(Dictionary(uniqueKeysWithValues: decoded.map { ($0, true) }), into: &bytes)
            return try DocumentJSON.parse(bytes).members().first?.key ?? ""
        }
    }
}
