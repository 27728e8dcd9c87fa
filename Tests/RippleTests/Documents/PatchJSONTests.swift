@testable import Ripple
import RippleJSON
import Testing

/// The journal's direct JSON of patches: the bytes of their `Codable` conformance, every case.
@Suite struct PatchJSONTests {
    @Test(arguments: [nil, "remote \"edit\"\n"])
    func everyOperationIsWrittenAsCodableWritesIt(tag: String?) throws {
        let value = PatchValue(Array(#"{"a":[1,"é\"\\"]}"#.utf8))
        let operations: [Patch.Operation] = [
            .node(id: 3, type: "Shelf", values: value),
            .set(node: 1, member: "title", value: value),
            .splice(node: 2, member: "shelves", at: 4, removing: 1, inserting: value),
            .setKeys(node: 5, member: "byKey", values: value, removing: PatchValue(Array("[\"k\"]".utf8))),
            .setElements(node: 6, member: "tags", inserting: value, removing: value),
        ]
        let patch = Patch(tag: tag, operations: operations, document: "8F1C\\\"doc", sequence: 12)
        var encoded: [UInt8] = []
        try DocumentJSON.encode(patch, into: &encoded)
        #expect(String(decoding: patch.jsonBytes(), as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
        #expect(try DocumentJSON.decode(Patch.self, from: DocumentJSON.parse(patch.jsonBytes())) == patch)
    }
}
