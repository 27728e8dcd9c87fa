import Foundation
import RippleGenerator
import RippleSchemeDump
import Testing

@Suite struct SchemeDumpTests {
    static let scheme = buildScheme(["Library.swift": """
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
        """]).scheme

    @Test func textListsClassesMembersAndDependencies() {
        #expect(SchemeDump(scheme: Self.scheme).render(.text) == """
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
        #expect(SchemeDump(scheme: Self.scheme).render(.dot) == #"""
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
        let json = SchemeDump(scheme: Self.scheme).render(.json)
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

    @Test func jsonIsWrittenPrettyWithEmptyListsAndEscapedStrings() throws {
        let file = "Odd \"name\"\\dir/\u{1}\t.swift"
        let member = TrackedMember(
            storageName: "_title", name: "title", type: .named("String"), kind: .property, isComputed: false, options: [], index: 0,
            changeKey: 0, location: SourceLocation(line: 3, column: 9))
        let scheme = ModelScheme(classes: [
            NodeClass(name: "Shelf", qualifiedName: "Shelf", role: .root, accessLevel: .internal, isValidating: true,
                      members: [member], file: file, location: SourceLocation(line: 2, column: 13)),
        ])
        let json = SchemeDump(scheme: scheme).render(.json)
        #expect(json == #"""
            {
              "classes" : [
                {
                  "accessLevel" : "internal",
                  "file" : "Odd \"name\"\\dir/\u0001\t.swift",
                  "line" : 2,
                  "members" : [
                    {
                      "changeKey" : 0,
                      "index" : 0,
                      "kind" : "property",
                      "name" : "title",
                      "options" : [],
                      "storage" : "_title",
                      "type" : "String"
                    }
                  ],
                  "name" : "Shelf",
                  "role" : "root",
                  "validating" : true
                }
              ]
            }

            """#)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let classes = try #require(decoded?["classes"] as? [[String: Any]])
        #expect(classes.first?["file"] as? String == file)
    }
}

