import Foundation
import RippleGenerator
import Testing

@Suite struct SchemeDumpTests {
    static let schema = buildSchema(["Library.swift": """
        // ripple: root
        final class Library {
            let tracker = Tracker()
            // ripple: property, discardable
            var _selectedID: Int? = nil
            // ripple: property, shared = selectedID
            var _selectionLabel = ""
            // ripple: node
            var _shelves: [Shelf] = []
            // ripple: node, readOnly, dependency = [selectedID, shelves.all]
            var _selected: Shelf? { nil }
        }
        // ripple: node
        final class Shelf {
            let tracker = Tracker()
            // ripple: property
            var _title = ""
        }
        """]).schema

    @Test func textListsClassesMembersAndDependencies() {
        #expect(SchemeDump(schema: Self.schema).render(.text) == """
            root Library
                selectedID: Int? (property, key 0, discardable)
                selectionLabel: String (property, key 0 shared with selectedID)
                shelves: [Shelf] (node array of Shelf, key 2)
                selected: Shelf? (node optional of Shelf, key 3, readOnly, computed)
                    reads selectedID, shelves.all
            node Shelf
                title: String (property, key 0)

            """)
    }

    @Test func dotDrawsOneBoxPerClassAndOneEdgePerNodeMember() {
        #expect(SchemeDump(schema: Self.schema).render(.dot) == #"""
            digraph RippleScheme {
                rankdir=LR;
                node [shape=box, fontname="Menlo"];
                "Library" [label="root Library\nselectedID: Int? (property, key 0, discardable)\lselectionLabel: String (property, key 0 shared with selectedID)\lshelves: [Shelf] (node array of Shelf, key 2)\lselected: Shelf? (node optional of Shelf, key 3, readOnly, computed)\l"];
                "Shelf" [label="node Shelf\ntitle: String (property, key 0)\l"];
                "Library" -> "Shelf" [label="shelves [T]"];
                "Library" -> "Shelf" [label="selected T?", style=dashed];
            }

            """#)
    }

    @Test func jsonHoldsEverythingWithSortedKeys() throws {
        let json = SchemeDump(schema: Self.schema).render(.json)
        #expect(json.contains(#""dependencies" : ["#))
        #expect(json.contains(#""path" : "shelves.all""#))
        #expect(json.contains(#""sharedWith" : "selectedID""#))
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let classes = try #require(decoded?["classes"] as? [[String: Any]])
        #expect(classes.map { $0["name"] as? String } == ["Library", "Shelf"])
        let members = try #require(classes[0]["members"] as? [[String: Any]])
        let steps = (members[3]["dependencies"] as? [[String: Any]])?[1]["steps"] as? [Any]
        #expect(steps?.count == 2)
        #expect(steps?.first as? Int == 2)
        #expect(steps?.last as? String == "all")
    }
}
