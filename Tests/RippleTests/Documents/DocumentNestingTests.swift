import Foundation
@testable import Ripple
import Testing

/// How deep a document nests counts where its nodes are, each where it is nearest the root: a
/// reference across the document (a shelf listing another among its ancestors) does not deepen
/// it. A chain of references is released as a chain of nesting is, one call inside the other,
/// so it is held to `DocumentLimits.maximumChain` instead.
@MainActor
@Suite struct DocumentNestingTests {
    /// `count` shelves, each listing the one before among its ancestors.
    static func referringShelves(_ count: Int) -> [Shelf] {
        let shelves = (0..<count).map { Shelf(id: $0, title: "\($0)") }
        for (shelf, before) in zip(shelves.dropFirst(), shelves) { shelf.ancestors = [before] }
        return shelves
    }

    /// A snapshot of a library holding `count` shelves flat, each listing the one before.
    static func flatDocument(_ count: Int) -> Data {
        var nodes = [#"{"id":1,"type":"Library","values":{"shelves":[\#((2..<count + 2).map(String.init).joined(separator: ","))]}}"#]
        for index in 0..<count {
            let ancestors = index == 0 ? "[]" : "[\(index + 1)]"
            nodes.append(#"{"id":\#(index + 2),"type":"Shelf","values":{"title":"\#(index)","ancestors":\#(ancestors)}}"#)
        }
        let text = #"{"format":1,"model":"Library","version":1,"root":1,"nextID":\#(count + 2),"nodes":["#
            + nodes.joined(separator: ",") + "]}"
        return Data(text.utf8)
    }

    @Test func aFlatListReferringAlongItselfNestsOneLevel() throws {
        let mediator = Mediator(root: Library())
        try mediator.update { $0.shelves = Self.referringShelves(1_500) }
        let saved = try mediator.snapshot()
        let opened = try Mediator<Library>(opening: saved)
        #expect(opened.root.shelves.count == 1_500)
        #expect(opened.root.shelves.last?.ancestors.first === opened.root.shelves[1_498])
        #expect(DocumentDepth.nesting(under: opened.root, limit: 1_000) == 1)
        #expect(try opened.snapshot() == saved)
    }

    @Test func aFlatDocumentReferringAlongItselfOpens() throws {
        let opened = try Mediator<Library>(opening: Self.flatDocument(1_500))
        #expect(opened.root.shelves.count == 1_500)
    }

    @Test func aChainOfReferencesLongerThanTheMaximumChainIsRefused() throws {
        #expect(DocumentLimits().maximumChain == 10_000)
        do {
            _ = try Mediator<Library>(opening: Self.flatDocument(10_001))
            Issue.record("a chain of 10,001 references opened")
        } catch let error as DocumentError {
            #expect("\(error)".contains("chain of more than 10000 nodes"), "\(error)")
        }
        let mediator = Mediator(root: Library())
        _ = try mediator.snapshot()
        try mediator.update { $0.shelves = Self.referringShelves(10_001) }
        #expect(throws: DocumentError.self) { try mediator.snapshot() }
    }

    @Test func aStoreTakesAFlatListReferringAlongItselfAndReopens() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nesting-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Library.ripple")
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url)
        try store!.mediator.update { $0.shelves = Self.referringShelves(1_500) }
        store = nil
        store = try DocumentStore<Library>(url: url)
        #expect(store!.mediator.root.shelves.count == 1_500)
        try store!.save()
        store = nil
        #expect(try DocumentStore<Library>(url: url).mediator.root.shelves.count == 1_500)
    }

    @Test func levelsCountTheNearestPlace() {
        // 0 holds 1 and 2; 1 holds 2 (a reference across); 2 holds 3.
        var graph = DocumentGraph()
        for _ in 0..<4 { _ = graph.addNode() }
        graph.beginReading(0)
        graph.addReference(to: 1)
        graph.addReference(to: 2)
        graph.beginReading(1)
        graph.addReference(to: 2)
        graph.beginReading(2)
        graph.addReference(to: 3)
        #expect(graph.levels(from: [0], limit: 10) == 3)
        #expect(graph.levels(from: [0], limit: 2) == nil)
        #expect(graph.longestChain(limit: 10) == 4)
        #expect(graph.levels(from: [], limit: 10) == 0)
    }
}
