import Foundation
@testable import Ripple
import RippleJSON
import Testing

/// Snapshots, patches and a store's files made by hand to break what reads them: numbers out of
/// range, node 0, chains of nodes deeper than the stack can release, documents and patches past
/// the size limits, values of ten megabytes in error messages. Each is refused with a clear,
/// short error; nothing crashes, then or when the model is released.
@MainActor
@Suite struct DocumentUntrustedInputTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-untrusted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The error opening `text` throws, if any.
    private func openingError(_ text: String, limits: DocumentLimits = DocumentLimits()) -> DocumentError? {
        do {
            _ = try Mediator<Library>(opening: Data(text.utf8), limits: limits)
            return nil
        } catch {
            return error as? DocumentError
        }
    }

    private func isDamaged(_ error: DocumentError?) -> Bool {
        if case .damaged = error { return true }
        return false
    }

    private func isTooLarge(_ error: DocumentError?) -> Bool {
        if case .tooLarge = error { return true }
        return false
    }

    /// A library holding one shelf whose children nest `depth` shelves deep below the root, as
    /// a snapshot; its nodes listed from the root down, or from the deepest up.
    static func chain(depth: Int, deepestFirst: Bool = false) -> String {
        var nodes = [#"{"id":1,"type":"Library","values":{"shelves":[2]}}"#]
        for level in 1...depth {
            let children = level < depth ? "[\(level + 2)]" : "[]"
            nodes.append(#"{"id":\#(level + 1),"type":"Shelf","values":{"title":"\#(level)","children":\#(children)}}"#)
        }
        if deepestFirst { nodes.reverse() }
        return #"{"format":1,"model":"Library","version":1,"document":"chain","sequence":0,"root":1,"nextID":\#(depth + 2),"nodes":["#
            + nodes.joined(separator: ",") + "]}"
    }

    // MARK: Numbers

    @Test func aPatchNumberThatLeavesNoRoomIsRefusedBeforeAnythingListens() throws {
        let text = String(decoding: try Mediator(root: makeLibrary()).snapshot(), as: UTF8.self)
        func withSequence(_ sequence: String) -> String {
            text.replacingOccurrences(of: #""sequence":[0-9]+"#, with: "\"sequence\":\(sequence)", options: .regularExpression)
        }
        for sequence in ["18446744073709551615", "\(DocumentIdentities.limit + 1)"] {
            #expect(isDamaged(openingError(withSequence(sequence))), "sequence \(sequence)")
        }
        // At the limit it opens, and takes no more patches (what it saves would not open);
        // just below, one more.
        let mediator = try Mediator<Library>(opening: Data(withSequence("\(DocumentIdentities.limit)").utf8))
        let patches = mediator.patches()
        #expect(throws: DocumentError.self) { try mediator.update { $0.userID = 1 } }
        #expect(mediator.root.userID == 0)
        let below = try Mediator<Library>(opening: Data(withSequence("\(DocumentIdentities.limit - 1)").utf8))
        let belowPatches = below.patches()
        try below.update { $0.userID = 1 }
        #expect(throws: Never.self) { _ = try Mediator<Library>(opening: try below.snapshot()) }
        _ = (patches, belowPatches)
    }

    @Test func aStoreWhoseSnapshotLeavesNoPatchNumbersIsRefusedWhileOpening() throws {
        let url = try folder().appendingPathComponent("library.ripple")
        do {
            let store = try DocumentStore<Library>(url: url, durability: .onSave)
            for index in 0..<3 { try store.mediator.update { $0.userID = index + 1 } }
        }
        var text = try String(contentsOf: url, encoding: .utf8)
        let range = try #require(text.range(of: #""sequence":[0-9]+"#, options: .regularExpression))
        text.replaceSubrange(range, with: #""sequence":18446744073709551615"#)
        try Data(text.utf8).write(to: url)
        #expect(throws: DocumentError.self) { try DocumentStore<Library>(url: url, durability: .onSave) }
    }

    @Test(arguments: ["0", "18446744073709551615", "\(DocumentIdentities.limit + 1)", "-1", "1.5"])
    func aNodeNumberOutOfRangeIsRefused(number: String) throws {
        let root = #"{"format":1,"model":"Library","version":1,"root":\#(number),"nextID":2,"nodes":[{"id":\#(number),"type":"Library","values":{}}]}"#
        #expect(isDamaged(openingError(root)), "a root numbered \(number)")
        let child =
            #"{"format":1,"model":"Library","version":1,"root":1,"nextID":2,"nodes":[{"id":1,"type":"Library","values":{"pinned":\#(number)}},"#
            + #"{"id":\#(number),"type":"Shelf","values":{}}]}"#
        #expect(isDamaged(openingError(child)), "a shelf numbered \(number)")
    }

    @Test func aStoreWhoseRootIsNodeZeroIsRefusedAndNeverTakesAnEdit() throws {
        let url = try folder().appendingPathComponent("library.ripple")
        let text = #"{"format":1,"model":"Library","version":1,"journal":1,"root":0,"nextID":2,"nodes":[{"id":0,"type":"Library","values":{}}]}"#
        try Data(text.utf8).write(to: url)
        #expect(throws: DocumentError.self) { try DocumentStore<Library>(url: url) }
    }

    /// A save count no store wrote (near `UInt64.max`, where the next save would overflow it, or
    /// not a count) is damage, with both files as they were. Breaker39's fuzzer found a snapshot
    /// mutated to such a count stopping the process as its store opened and saved.
    @Test(arguments: ["18446744073709551615", "18446744073709551614", "\(DocumentIdentities.limit + 1)", "-1", "1.5", #""1""#])
    func aSaveCountOutOfRangeIsRefusedWithTheFilesAsTheyWere(count: String) throws {
        let url = try folder().appendingPathComponent("library.ripple")
        do {
            let store = try DocumentStore<Library>(url: url)
            try store.mediator.update { $0.userID = 1 }
            try store.save()
            try store.mediator.update { $0.userID = 2 }
        }
        let journal = URL(fileURLWithPath: url.path + ".journal")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(#""journal":2,"#))
        let forged = Data(text.replacingOccurrences(of: #""journal":2,"#, with: #""journal":\#(count),"#).utf8)
        try forged.write(to: url)
        let journaled = try Data(contentsOf: journal)
        do {
            _ = try DocumentStore<Library>(url: url)
            Issue.record("a save count of \(count) opened")
        } catch let error as DocumentError {
            #expect(isDamaged(error), "\(error)")
        }
        #expect(try Data(contentsOf: url) == forged)
        #expect(try Data(contentsOf: journal) == journaled)
    }

    @Test(arguments: [0, UInt64.max, DocumentIdentities.limit + 1])
    func aPatchNamingANodeOutOfRangeIsRefused(number: UInt64) throws {
        let original = Mediator(root: makeLibrary())
        let replica = try Mediator<Library>(opening: try original.snapshot())
        var patches: [Patch] = []
        original.patchRecorder.sinks.append { patches.append($0) }
        try original.update { $0.userID = 1 }
        let genuine = patches[0]
        let before = try replica.snapshot()
        let forged: [[Patch.Operation]] = [
            [.node(id: number, type: "Shelf", values: PatchValue(Array("{}".utf8)))],
            [.node(id: number, type: "Shelf", values: PatchValue(Array("{}".utf8))),
             .set(node: 1, member: "pinned", value: PatchValue(Array("\(number)".utf8)))],
            [.set(node: number, member: "title", value: PatchValue(Array("\"x\"".utf8)))],
            [.set(node: 1, member: "pinned", value: PatchValue(Array("\(number)".utf8)))],
        ]
        for operations in forged {
            let patch = Patch(tag: nil, operations: operations, document: genuine.document, sequence: genuine.sequence)
            #expect(throws: DocumentError.self, "\(operations)") { try replica.apply(patch) }
            #expect(try replica.snapshot() == before, "nothing changed: \(operations)")
        }
        try replica.apply(genuine)
        #expect(try replica.snapshot() == original.snapshot())
    }

    @Test func aDocumentWithoutANameIsNamedTheSameEachTimeItOpens() throws {
        var text = String(decoding: try Mediator(root: makeLibrary()).snapshot(), as: UTF8.self)
        text = text.replacingOccurrences(of: #""document":"[^"]*","#, with: "", options: .regularExpression)
        let first = try Mediator<Library>(opening: Data(text.utf8))
        let second = try Mediator<Library>(opening: Data(text.utf8))
        #expect(try first.snapshot() == second.snapshot(), "the same name, so each follows the other's patches")
        var patches: [Patch] = []
        first.patchRecorder.sinks.append { patches.append($0) }
        try first.update { $0.userID = 3 }
        try second.apply(patches[0])
        // A store of it reopens to what it held: its journal names the same document.
        let url = try folder().appendingPathComponent("library.ripple")
        try Data(text.replacingOccurrences(of: #""format":1,"#, with: #""format":1,"journal":1,"#).utf8).write(to: url)
        let held: Data
        do {
            let store = try DocumentStore<Library>(url: url, durability: .onSave)
            try store.mediator.update { $0.userID = 4 }
            held = try store.mediator.snapshot()
        }
        #expect(try DocumentStore<Library>(url: url, durability: .onSave).mediator.snapshot() == held)
    }

    @Test func aJournalOfAnotherDocumentIsDamage() throws {
        let folder = try folder()
        let mine = folder.appendingPathComponent("mine.ripple")
        let theirs = folder.appendingPathComponent("theirs.ripple")
        for url in [mine, theirs] {
            let store = try DocumentStore<Library>(url: url, durability: .onSave)
            try store.mediator.update { $0.userID = url == mine ? 1 : 2 }
        }
        let journal = try Data(contentsOf: URL(fileURLWithPath: theirs.path + ".journal"))
        try journal.write(to: URL(fileURLWithPath: mine.path + ".journal"))
        #expect(throws: DocumentError.self) { try DocumentStore<Library>(url: mine, durability: .onSave) }
    }

    // MARK: Depth

    @Test(arguments: [false, true])
    func aChain40000DeepIsRefusedAndReleasedWithoutOverflowingTheStack(deepestFirst: Bool) throws {
        let error = openingError(Self.chain(depth: 40_000, deepestFirst: deepestFirst))
        #expect(isTooLarge(error), "\(String(describing: error))")
        #expect(error?.description.contains("deeper than 1000 levels") == true)
    }

    @Test func aChainThatFailsHalfWayIsReleasedHoldersFirst() throws {
        // Every node but the last is read, and holds the next, when the last is refused.
        var text = Self.chain(depth: 40_000, deepestFirst: true)
        text = text.replacingOccurrences(of: #""values":{"shelves":[2]}"#, with: #""values":{"shelves":[2],"userID":"seven"}"#)
        #expect(isDamaged(openingError(text)))
        text = Self.chain(depth: 40_000)
        text = text.replacingOccurrences(of: #""title":"40000""#, with: #""title":7"#)
        #expect(isDamaged(openingError(text)))
    }

    @Test func aDocumentAtTheDepthLimitOpensAndIsReleasedOnAThreadWithASmallStack() async throws {
        let limit = DocumentLimits().maximumDepth
        #expect(isTooLarge(openingError(Self.chain(depth: limit + 1))))
        let box = try ReleaseBox(opening: Self.chain(depth: limit, deepestFirst: true))
        #expect(box.depth == limit)
        // A mediator ended off the main thread lets go of its model on the main actor, later.
        for _ in 0..<1_000 where !box.holdsRootAlone() { await Task.yield() }
        #expect(box.holdsRootAlone(), "the mediator let go of the model")
        // Released on a secondary thread with the stack Apple platforms give one (512 KB).
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.release()
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        #expect(box.wasReleased, "the thread's release was the last")
    }

    @Test func anAppRaisesTheDepthLimit() throws {
        let text = Self.chain(depth: 1_500)
        #expect(isTooLarge(openingError(text)))
        let mediator = try Mediator<Library>(opening: Data(text.utf8), limits: DocumentLimits(maximumDepth: 2_000))
        #expect(mediator.documentLimits.maximumDepth == 2_000)
        #expect(mediator.root.shelves.count == 1)
    }

    @Test func aPatchBringingAChain40000DeepIsRefusedAndChangesNothing() throws {
        let original = Mediator(root: makeLibrary())
        let replica = try Mediator<Library>(opening: try original.snapshot())
        var patches: [Patch] = []
        original.patchRecorder.sinks.append { patches.append($0) }
        try original.update { $0.userID = 1 }
        let genuine = patches[0]
        let before = try replica.snapshot()
        for deepestFirst in [false, true] {
            var operations: [Patch.Operation] = (0..<40_000).map { level in
                let children = level < 39_999 ? "[\(1_000 + level + 1)]" : "[]"
                return .node(id: UInt64(1_000 + level), type: "Shelf", values: PatchValue(Array(#"{"children":\#(children)}"#.utf8)))
            }
            if deepestFirst { operations.reverse() }
            operations.append(.splice(node: 1, member: "shelves", at: 0, removing: 0, inserting: PatchValue(Array("[1000]".utf8))))
            let patch = Patch(tag: nil, operations: operations, document: genuine.document, sequence: genuine.sequence)
            let error = #expect(throws: DocumentError.self) { try replica.apply(patch) }
            #expect(error.map { "\($0)" }?.contains("deeper than 1000 levels") == true)
            #expect(try replica.snapshot() == before)
        }
        try replica.apply(genuine)
        #expect(try replica.snapshot() == original.snapshot())
    }

    @Test func patchesThatDeepenTheDocumentOneLevelAtATimeAreRefusedAtTheLimit() throws {
        let original = Mediator(root: makeLibrary(shelves: 1))
        let replica = try Mediator<Library>(opening: try original.snapshot())
        replica.documentLimits = DocumentLimits(maximumDepth: 60)
        var patches: [Patch] = []
        original.patchRecorder.sinks.append { patches.append($0) }
        var bottom = original.root.shelves[0]
        var depth = 1
        var refusedAt: Int?
        while refusedAt == nil, depth < 100 {
            let child = Shelf(id: depth, title: "level \(depth + 1)")
            let parent = bottom
            try original.update { _ in parent.children.append(child) }
            bottom = child
            depth += 1
            do {
                try replica.apply(patches.removeFirst())
            } catch {
                refusedAt = depth
                #expect(error is DocumentError)
            }
        }
        #expect(refusedAt == 61, "the patch that makes the document 61 deep is refused, those before are not")
    }

    @Test func aPatchMovingNodesIsMeasuredAgainstTheWholeDocument() throws {
        // Two chains of 40 shelves under the root: moving one below the other makes 80.
        let library = makeLibrary(shelves: 2)
        for top in library._shelves {
            var bottom = top
            for level in 1..<40 {
                let child = Shelf(id: level, title: "\(level)")
                bottom.children = [child]
                bottom = child
            }
        }
        let original = Mediator(root: library)
        let replica = try Mediator<Library>(opening: try original.snapshot(), limits: DocumentLimits(maximumDepth: 60))
        var patches: [Patch] = []
        original.patchRecorder.sinks.append { patches.append($0) }
        try original.update { library in
            let moved = library.shelves.removeLast()
            var bottom = library.shelves[0]
            while let next = bottom.children.first { bottom = next }
            bottom.children = [moved]
        }
        let before = try replica.snapshot()
        #expect(throws: DocumentError.self) { try replica.apply(patches[0]) }
        #expect(try replica.snapshot() == before)
        replica.documentLimits.maximumDepth = 80
        try replica.apply(patches[0])
        #expect(try replica.snapshot() == original.snapshot())
    }

    @Test func nodesOfARefusedReadThatHoldEachOtherAreFreed() throws {
        weak var first: Shelf?
        weak var second: Shelf?
        do {
            let context = DocumentReadContext()
            let shelves = [Shelf(), Shelf()]
            (first, second) = (shelves[0], shelves[1])
            try context.add(shelves[0], id: 1)
            try context.add(shelves[1], id: 2)
            try context.read(DocumentJSON.parse(Array(#"{"children":[2],"parent":2}"#.utf8)), into: 0)
            try context.read(DocumentJSON.parse(Array(#"{"children":[1],"ancestorsByKey":{"up":1},"ancestorSet":[1]}"#.utf8)), into: 1)
            #expect(shelves[0].children.first === shelves[1] && shelves[1].ancestorSet.first === shelves[0])
            context.release()
        }
        #expect(first == nil && second == nil, "the cycle was cut")
    }

    @Test func nodesTheRootDoesNotReachAreTakenApart() throws {
        weak var unreached: Shelf?
        let library = Library()
        do {
            let context = DocumentReadContext()
            let shelves = [Shelf(), Shelf(), Shelf()]
            unreached = shelves[1]
            try context.add(library, id: 1)
            for (index, shelf) in shelves.enumerated() { try context.add(shelf, id: UInt64(index + 2)) }
            try context.read(DocumentJSON.parse(Array(#"{"shelves":[2]}"#.utf8)), into: 0)
            try context.read(DocumentJSON.parse(Array(#"{"library":1}"#.utf8)), into: 1)
            try context.read(DocumentJSON.parse(Array(#"{"children":[4],"library":1}"#.utf8)), into: 2)
            try context.read(DocumentJSON.parse(Array(#"{"children":[3]}"#.utf8)), into: 3)
            #expect(context.measure(chainLimit: 10, depthLimit: 10, root: 1)?.chain == 3)
        }
        #expect(unreached == nil, "a cycle the root does not reach was cut")
        #expect(library.shelves.count == 1 && library.shelves[0].library === library, "what the root reaches is kept")
    }

    @Test func aJournalHoldingAnUpdateTheModelRefusesIsDamage() throws {
        let url = try folder().appendingPathComponent("library.ripple")
        let forged: Patch
        do {
            let store = try DocumentStore<Library>(url: url, durability: .onSave)
            try store.mediator.update { $0.chart.slices = [Slice("A", 60), Slice("B", 40)] }
            let identities = store.mediator.identities
            let slice = identities.id(of: store.mediator.root.chart.slices[1])
            forged = Patch(
                tag: nil, operations: [.set(node: slice, member: "percent", value: PatchValue(Array("70".utf8)))],
                document: identities.document, sequence: identities.sequence + 1)
        }
        let journal = URL(fileURLWithPath: url.path + ".journal")
        try Data(try Data(contentsOf: journal) + JournalFormat.record(forged.jsonBytes(), continues: false)).write(to: journal)
        let error = #expect(throws: DocumentError.self) { try DocumentStore<Library>(url: url, durability: .onSave) }
        #expect(isDamaged(error), "\(String(describing: error))")
    }

    // MARK: Size

    @Test func aDocumentPastTheSizeLimitsIsRefused() throws {
        let text = Self.chain(depth: 20)
        #expect(isTooLarge(openingError(text, limits: DocumentLimits(maximumNodes: 10))))
        #expect(isTooLarge(openingError(text, limits: DocumentLimits(maximumBytes: 100))))
        #expect(openingError(text, limits: DocumentLimits(maximumNodes: 21, maximumBytes: text.utf8.count)) == nil)
        #expect(DocumentLimits() == DocumentLimits(maximumDepth: 1_000, maximumNodes: 1_000_000, maximumBytes: 256 << 20))
    }

    @Test func aPatchPastTheSizeLimitsIsRefusedBeforeItsNodesAreMade() throws {
        let original = Mediator(root: makeLibrary())
        let replica = try Mediator<Library>(opening: try original.snapshot())
        var patches: [Patch] = []
        original.patchRecorder.sinks.append { patches.append($0) }
        try original.update { library in
            library.shelves.append(contentsOf: (0..<20).map { Shelf(id: $0, title: String(repeating: "x", count: 100)) })
        }
        let before = try replica.snapshot()
        replica.documentLimits = DocumentLimits(maximumNodes: 19)
        #expect(throws: DocumentError.self) { try replica.apply(patches[0]) }
        replica.documentLimits = DocumentLimits(maximumBytes: 1_000)
        #expect(throws: DocumentError.self) { try replica.apply(patches[0]) }
        #expect(try replica.snapshot() == before)
        replica.documentLimits = DocumentLimits()
        try replica.apply(patches[0])
        #expect(try replica.snapshot() == original.snapshot())
    }

    @Test func aJournalRecordPastTheSizeLimitIsRefusedBeforeItIsParsed() throws {
        let url = try folder().appendingPathComponent("library.ripple")
        do {
            let store = try DocumentStore<Library>(url: url, durability: .onSave)
            try store.mediator.update { $0.shelves.append(Shelf(id: 1, title: String(repeating: "x", count: 20_000))) }
        }
        let limits = DocumentLimits.default
        defer { DocumentLimits.default = limits }
        DocumentLimits.default.maximumBytes = 10_000
        let error = #expect(throws: DocumentError.self) { try DocumentStore<Library>(url: url, durability: .onSave) }
        #expect(isTooLarge(error), "\(String(describing: error))")
        DocumentLimits.default = limits
        #expect(try DocumentStore<Library>(url: url, durability: .onSave).mediator.root.shelves.count == 1)
    }

    // MARK: Messages

    @Test func errorsQuoteAShortExcerptOfTheInput() throws {
        let huge = String(repeating: "9", count: 1_000_000)
        let long = String(repeating: "k", count: 1_000_000)
        let documents = [
            #"{"format":1,"model":"Library","version":1,"root":1,"nextID":2,"nodes":[{"id":1,"type":"Library","values":{"userID":\#(huge)}}]}"#,
            #"{"format":1,"model":"Library","version":1,"root":\#(huge),"nextID":2,"nodes":[]}"#,
            #"{"format":1,"model":"Library","version":1,"root":1,"nextID":2,"nodes":[{"id":1,"type":"\#(long)","values":{}}]}"#,
            #"{"format":1,"model":"\#(long)","version":1}"#,
            #"{"format":1,"model":"Library","version":1,"root":1,"nextID":2,"nodes":[{"id":1,"type":"Library","values":{"scores":{"\#(long)":"x"}}}]}"#,
        ]
        for text in documents {
            let error = openingError(text)
            #expect(error != nil)
            #expect((error?.description.count ?? 0) < 1_000, "\(error?.description.prefix(200) ?? "")")
        }
        let original = Mediator(root: makeLibrary())
        let replica = try Mediator<Library>(opening: try original.snapshot())
        var patches: [Patch] = []
        original.patchRecorder.sinks.append { patches.append($0) }
        try original.update { $0.userID = 1 }
        let genuine = patches[0]
        let forged: [Patch.Operation] = [
            .set(node: 1, member: long, value: PatchValue(Array("1".utf8))),
            .set(node: 1, member: "userID", value: PatchValue(Array(huge.utf8))),
            .node(id: 50, type: long, values: PatchValue(Array("{}".utf8))),
            .splice(node: 1, member: "userID", at: 0, removing: 0, inserting: PatchValue(Array("[\(huge)]".utf8))),
        ]
        for operation in forged {
            let patch = Patch(tag: nil, operations: [operation], document: genuine.document, sequence: genuine.sequence)
            let error = #expect(throws: DocumentError.self) { try replica.apply(patch) }
            #expect((error?.description.count ?? 0) < 1_000, "\(error?.description.prefix(200) ?? "")")
        }
    }

    // MARK: Versions

    @Test(arguments: [0, -1, Int.min])
    func aModelVersionBelowOneIsDamageAndRunsNoMigration(version: Int) throws {
        let text = #"{"format":1,"model":"Library","version":\#(version),"root":1,"nextID":2,"nodes":[{"id":1,"type":"Library","values":{"userID":7}}]}"#
        #expect(isDamaged(openingError(text)))
        let format = #"{"format":\#(version),"model":"Library","version":1,"root":1,"nextID":2,"nodes":[]}"#
        #expect(isDamaged(openingError(format)))
    }

    @Test func aMigrationRefusesNumbersOutOfRange() throws {
        for text in [
            #"{"root":1,"nextID":2,"nodes":[{"id":18446744073709551615,"type":"Library","values":{}}]}"#,
            #"{"root":0,"nextID":2,"nodes":[]}"#,
            #"{"root":1,"nextID":18446744073709551615,"nodes":[]}"#,
        ] {
            #expect(throws: DocumentError.self) { try DocumentMigration(DocumentJSON.parse(Array(text.utf8))) }
        }
    }
}

/// The root of a document opened and its mediator gone, held until a thread of the test's
/// choosing lets it go.
final class ReleaseBox: @unchecked Sendable {
    private var root: Library?
    private weak var released: Library?
    /// How deep the first shelves nest below the root.
    let depth: Int

    @MainActor
    init(opening text: String) throws {
        let root = try Mediator<Library>(opening: Data(text.utf8)).root
        var depth = 0
        var shelf = root.shelves.first
        while let current = shelf {
            depth += 1
            shelf = current.children.first
        }
        self.root = root
        self.depth = depth
    }

    /// Whether nothing but the box holds the root.
    @MainActor
    func holdsRootAlone() -> Bool {
        isKnownUniquelyReferenced(&root)
    }

    func release() {
        released = root
        root = nil
    }

    /// Whether the root is gone.
    var wasReleased: Bool { released == nil }
}
