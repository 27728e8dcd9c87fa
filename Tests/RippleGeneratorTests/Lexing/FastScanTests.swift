import RippleGenerator
import Testing

/// The fast scan that lets files without annotations skip lexing and parsing.
@Suite struct FastScanTests {
    let scan = FastScan(annotationPrefix: "ripple", words: [])

    func mayMatter(_ text: String, _ scan: FastScan? = nil) -> Bool {
        (scan ?? self.scan).mayMatter(Array(text.utf8))
    }

    @Test func findsAnnotationsAndSkipsOtherFiles() {
        #expect(mayMatter("final class A {\n    // ripple: property\n}"))
        #expect(mayMatter("//ripple:node"))
        #expect(mayMatter("/// ripple : node"))
        #expect(mayMatter("//\tripple\t:"))
        #expect(!mayMatter("// ripple effects\nlet ripple: Int = 0 // ripple"))
        #expect(!mayMatter("// sourcery: node"))
        #expect(!mayMatter("/ ripple: node"))
        #expect(!mayMatter("// ripple"))
        #expect(!mayMatter(""))
        #expect(mayMatter("// sourcery: node", FastScan(annotationPrefix: "sourcery", words: [])))
    }

    @Test func findsTheWordsItIsGiven() {
        let words = FastScan(annotationPrefix: "ripple", words: ["func validate", "QWNode"])
        #expect(mayMatter("extension Shelf {\n    func validate() throws {}\n}", words))
        #expect(mayMatter("class Shelf: NSObject, QWNode_S {}", words))
        #expect(mayMatter("QWNode", words))
        #expect(!mayMatter("func  validate() {}", words), "as written, one space")
        #expect(!mayMatter("func valid() {}\nclass QWNod {}", words))
        #expect(!mayMatter("class Shelf: QWNode_S {}"), "no words, no match")
    }

    @Test func theGeneratorParsesFilesThatMayDeclareHooksOrMarkers() {
        let sources = [
            (path: "Plain.swift", bytes: Array("struct Point { var x = 0 }".utf8)),
            (path: "Hooks.swift", bytes: Array("extension Library {\n    func transactionDidCommit() {}\n}".utf8)),
            (path: "Marked.swift", bytes: Array("class Shelf: QWNode_S {}".utf8)),
        ]
        #expect(Generator.parse(sources, dialect: RippleDialect()).map(\.file.path) == ["Hooks.swift"])
    }
}
