import Foundation
@_spi(RippleGenerated) @testable import Ripple
import RippleJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One input of the document fuzzers, read as a user's app would read what comes from outside:
/// opening a snapshot, decoding and applying patches, opening a store's files (journal records
/// included). Shared by the seeded mutation loop that `swift test` runs (`DocumentFuzzTests`)
/// and the libFuzzer harness (`Tests/Fuzz`), which compiles this file with the test model.
///
/// The first byte of an input says what the rest is (its low two bits) and how to take it:
/// - 0, a snapshot: opened; if it opens, edited with patches recorded, saved, reopened.
/// - 1, patches: a JSON array of patches, applied in order to a replica of the seed document;
///   with bit 2 set, each is given the replica's document name and next patch number first (so
///   that mutations reach what is past those checks).
/// - 2, a store's files: a 4-byte little-endian length, the snapshot, then the journal: as it is
///   (bit 2 clear), or (bit 2 set) its header followed by record payloads each after a 4-byte
///   length, written as records with valid checksums (so that mutations reach the patches
///   inside). If it opens, it is edited, closed and must reopen to what it held.
/// - 3, JSON: the bytes as they are, to the JSON parser alone (under all of the above, the one
///   that reads untrusted bytes first). They parse, and every value of what parsed reads, or
///   they are refused with a syntax error that says where, briefly.
///
/// Nothing an input holds may crash the process, now or when what it opened is released; what
/// is refused is a `DocumentError` (or a model's validation error, for a patch) with a short
/// message, and leaves everything as it was. ``run(_:)`` returns the rules an input broke.
@MainActor
enum DocumentFuzzing {
    enum Target: UInt8 {
        case snapshot = 0, patches, store, json
    }

    /// The rules `input` broke, empty when it was taken or refused as it should be.
    static func run(_ input: [UInt8]) -> [String] {
        guard let first = input.first, let target = Target(rawValue: first & 3) else { return [] }
        let body = Array(input.dropFirst())
        var broken: [String] = []
        switch target {
        case .snapshot: openSnapshot(body, &broken)
        case .patches: applyPatches(body, fixingNumbers: first & 4 != 0, &broken)
        case .store: openStore(body, framing: first & 4 != 0, &broken)
        case .json: parseJSON(body, &broken)
        }
        takeApartOpened()
        return broken
    }

    /// The mediators an input opened, taken apart once it ran.
    private static var opened: [Mediator<Library>] = []

    /// Takes apart the models the input opened: a model whose nodes hold each other (a back
    /// reference, a cycle) is never freed otherwise, and a fuzzer runs millions of inputs.
    private static func takeApartOpened() {
        for mediator in opened {
            var nodes: [any RippleNode] = [mediator.root]
            mediator.identities.forEachIndexedNode { nodes.append($0) }
            var seen: Set<ObjectIdentifier> = []
            while let node = nodes.popLast() {
                guard seen.insert(ObjectIdentifier(node)).inserted else { continue }
                let descriptor = type(of: node)._rippleDescriptor
                for (index, member) in descriptor.members.enumerated() where member.isNode && !member.isComputed {
                    node._rippleVisitNodes(of: index) { nodes.append($0) }
                }
                dismantle(node)
            }
            mediator.history.clear()
        }
        opened.removeAll()
    }

    // MARK: Targets

    private static func openSnapshot(_ bytes: [UInt8], _ broken: inout [String]) {
        let mediator: Mediator<Library>
        do {
            mediator = try Mediator<Library>(opening: Data(bytes))
            opened.append(mediator)
        } catch {
            check(error, patch: false, &broken)
            return
        }
        do {
            // What opened saves, and opens again to what it saved.
            let saved = try mediator.snapshot()
            let reopened = try Mediator<Library>(opening: saved)
            opened.append(reopened)
            if try reopened.snapshot() != saved { broken.append("a snapshot of what opened opens to other bytes") }
            // Edits, with patches recorded, go on from its numbers.
            let patches = mediator.patches()
            try mediator.update { library in
                library.userID &+= 1
                library.shelves.append(Shelf(id: 0, title: "fuzz"))
                library.shelves.first?.library = library
            }
            try mediator.update { library in library.shelves.first?.library = nil }
            try mediator.update { $0.userID &+= 1 }
            _ = patches
        } catch is Chart.Problem, is Note.Problem {
            // A document may hold what its model's validate() refuses: opening does not validate.
        } catch DocumentError.tooLarge {
            // A made-up document at the end of its numbers takes no new node (the edit rolled back).
        } catch {
            broken.append("a document that opened failed to save, reopen or edit: \(describe(error))")
        }
    }

    private static func applyPatches(_ bytes: [UInt8], fixingNumbers: Bool, _ broken: inout [String]) {
        guard let patches = try? JSONDecoder().decode([Patch].self, from: Data(bytes)), let base = seedDocument else { return }
        guard let replica = try? Mediator<Library>(opening: base) else {
            return broken.append("the seed document did not open")
        }
        opened.append(replica)
        for var patch in patches {
            let identities = replica.identities
            if fixingNumbers {
                patch = Patch(tag: patch.tag, operations: patch.operations, document: identities.document, sequence: identities.sequence + 1)
            }
            let before = try? replica.snapshot()
            do {
                try replica.apply(patch)
            } catch {
                check(error, patch: true, &broken)
                if (try? replica.snapshot()) != before { broken.append("a refused patch changed the document") }
                return
            }
        }
        // What the patches made saves and opens again.
        do {
            let saved = try replica.snapshot()
            opened.append(try Mediator<Library>(opening: saved, limits: replica.documentLimits))
        } catch {
            broken.append("a document patched failed to save or reopen: \(describe(error))")
        }
    }

    private static func openStore(_ bytes: [UInt8], framing: Bool, _ broken: inout [String]) {
        guard bytes.count >= 4 else { return }
        let length = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
        guard length <= bytes.count - 4 else { return }
        let snapshot = Array(bytes[4..<(4 + length)])
        var journal = Array(bytes[(4 + length)...])
        if framing { journal = framed(journal) }
        let url = folder.appendingPathComponent("fuzz.ripple")
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.removeItem(atPath: url.path + ".journal")
        guard FileManager.default.createFile(atPath: url.path, contents: Data(snapshot)),
            FileManager.default.createFile(atPath: url.path + ".journal", contents: Data(journal))
        else { return broken.append("the input's files could not be written in \(folder.path)") }
        let held: Data
        do {
            let store = try DocumentStore<Library>(url: url, durability: .onSave)
            opened.append(store.mediator)
            do {
                let edits: [@MainActor (Library) -> Void] = [
                    { $0.userID &+= 1 }, { $0.shelves.first?.library = $0 }, { $0.shelves.first?.library = nil }, { $0.userID &+= 1 },
                ]
                for edit in edits {
                    do {
                        try store.mediator.update(edit)
                    } catch is Chart.Problem, is Note.Problem {
                        // A document may hold what its model's validate() refuses: opening does not validate.
                    }
                }
                held = try store.mediator.snapshot()
            } catch {
                return broken.append("a store that opened failed to take an edit: \(describe(error))")
            }
        } catch {
            return check(error, patch: false, &broken)
        }
        // Its own files open again, to what it held.
        do {
            let reopened = try DocumentStore<Library>(url: url, durability: .onSave)
            opened.append(reopened.mediator)
            if try reopened.mediator.snapshot() != held { broken.append("a store reopened to another document") }
        } catch {
            broken.append("a store's own files did not open again: \(describe(error))")
        }
    }

    private static func parseJSON(_ bytes: [UInt8], _ broken: inout [String]) {
        let document: JSONValue
        do {
            document = try DocumentJSON.parse(bytes)
        } catch {
            if !(0...bytes.count).contains(error.offset) { broken.append("a syntax error at byte \(error.offset) of \(bytes.count)") }
            if error.message.count > 1_000 { broken.append("a syntax error message of \(error.message.count) characters") }
            return
        }
        // Every string reads, and every number reads as a double and an integer or is refused
        // with a DecodingError, as documents read them.
        var values = [document]
        while let value = values.popLast() {
            switch value.kind {
            case .array: values += (try? value.elements()) ?? []
            case .object: values += ((try? value.members()) ?? []).map(\.value)
            case .string: if (try? value.string()) == nil { broken.append("a string that parsed does not read") }
            case .number:
                _ = try? value.double()
                _ = try? value.integer(as: Int64.self)
            case .null, .bool: break
            }
        }
    }

    /// The journal's header, its checksum made valid, then each payload (after a 4-byte word:
    /// its length, the top bit saying it continues the record before) as a record with a valid
    /// checksum.
    private static func framed(_ bytes: [UInt8]) -> [UInt8] {
        func word(at offset: Int) -> Int {
            Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
        }
        guard bytes.count >= 12 else { return bytes }
        let isLegacy = word(at: 4) == 1
        let headerSize = isLegacy ? JournalFormat.legacyHeaderSize : word(at: 8)
        guard headerSize >= 4, headerSize <= bytes.count else { return bytes }
        var journal = Array(bytes.prefix(headerSize))
        if !isLegacy {
            let checksum = CRC32.checksum(journal[0..<(headerSize - 4)])
            for shift in 0..<4 { journal[headerSize - 4 + shift] = UInt8(truncatingIfNeeded: checksum >> UInt32(shift * 8)) }
        }
        var offset = journal.count
        while offset + 4 <= bytes.count {
            let length = word(at: offset) & 0x7FFF_FFFF
            let continues = word(at: offset) & 0x8000_0000 != 0
            offset += 4
            let payload = Array(bytes[offset..<min(bytes.count, offset + length)])
            offset += payload.count
            journal += JournalFormat.record(payload, continues: continues)
        }
        return journal
    }

    /// Records what is wrong with `error`, thrown for refused input: it must be a
    /// `DocumentError` (or, applying a patch, a validation error of the model), with a message
    /// that quotes a short excerpt at most.
    private static func check(_ error: any Error, patch: Bool, _ broken: inout [String]) {
        let isExpected = error is DocumentError || patch && (error is Chart.Problem || error is Note.Problem)
        if !isExpected { broken.append("refused with \(type(of: error)), not a DocumentError: \(describe(error))") }
        let message = "\(error)"
        if message.count > 1_000 { broken.append("an error message of \(message.count) characters: \(excerpt(message))") }
    }

    // MARK: Seeds

    /// Where store inputs are written: memory when the system has it (`fsync` costs nothing there).
    private static let folder: URL = {
        let shared = URL(fileURLWithPath: "/dev/shm")
        let base = FileManager.default.fileExists(atPath: shared.path) ? shared : FileManager.default.temporaryDirectory
        let folder = base.appendingPathComponent("ripple-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// The document the patch inputs apply to: ``seedLibrary()`` saved.
    static let seedDocument: Data? = try? Mediator(root: seedLibrary()).snapshot()

    /// A library with every shape of member filled: shared shelves, a cycle, back references to
    /// the root and to ancestors, notes with replies, values of every kind.
    static func seedLibrary() -> Library {
        let library = Library()
        let shelves = (0..<3).map { Shelf(id: $0, title: "Shelf \($0)") }
        library.shelves = shelves
        library.userID = 7
        library.catalog.tags = ["a", "b"]
        shelves[0].entries = ["x", "y"]
        shelves[1].children = [shelves[2]]
        shelves[2].children = [shelves[1]]
        shelves[2].library = library
        shelves[2].librarySet = [library]
        shelves[1].parent = shelves[2]
        shelves[1].ancestorsByKey = ["up": shelves[2]]
        library.pinned = shelves[0]
        library.shelvesByKey = ["first": shelves[0]]
        library.archive = [shelves[1]]
        library.scores = ["s": 3]
        library.notes = [Note(id: 1, "note", replies: [Note(id: 2, "reply")])]
        library.chart.slices = [Slice("A", 60), Slice("B", 40)]
        return library
    }

    /// Inputs of every target, from real snapshots, patches and store files of the test model.
    static func seeds() throws -> [[UInt8]] {
        var seeds: [[UInt8]] = []
        guard let document = seedDocument else { throw DocumentError.notADocument(reason: "the seed library did not save") }
        seeds.append([Target.snapshot.rawValue] + document)
        seeds.append([Target.snapshot.rawValue] + Array(try Mediator(root: Library()).snapshot()))
        // Patches of edits of every kind, made by an origin of the seed document.
        let origin = try Mediator<Library>(opening: document)
        var patches: [Patch] = []
        origin.patchRecorder.sinks.append { patches.append($0) }
        for edit in seedEdits { try origin.update(edit) }
        try origin.history.undo()
        try origin.history.redo()
        let encoded = Array(try JSONEncoder().encode(patches))
        seeds.append([Target.patches.rawValue] + encoded)
        seeds.append([Target.patches.rawValue | 4] + encoded)
        for patch in patches {
            seeds.append([Target.patches.rawValue | 4] + Array(try JSONEncoder().encode([patch])))
        }
        // A store's files: its snapshot and a journal of those edits.
        let url = folder.appendingPathComponent("seed.ripple")
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.removeItem(atPath: url.path + ".journal")
        try document.write(to: url)
        do {
            let store = try DocumentStore<Library>(url: url, durability: .onSave)
            for edit in seedEdits { try store.mediator.update(edit) }
        }
        let snapshot = Array(try Data(contentsOf: url))
        let journal = Array(try Data(contentsOf: URL(fileURLWithPath: url.path + ".journal")))
        var length: [UInt8] = []
        for shift in stride(from: 0, to: 32, by: 8) { length.append(UInt8(truncatingIfNeeded: snapshot.count >> shift)) }
        seeds.append([Target.store.rawValue] + length + snapshot + journal)
        guard case .journal(let header, let records, _) = try JournalFormat.contents(of: journal, path: url.path) else {
            throw DocumentError.damaged(reason: "the seed store wrote no journal")
        }
        var framed = Array(journal.prefix(header.size))
        for record in records {
            let word = UInt32(record.payload.count) | (record.continues ? 0x8000_0000 : 0)
            for shift in stride(from: 0, to: 32, by: 8) { framed.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
            framed += record.payload
        }
        seeds.append([Target.store.rawValue | 4] + length + snapshot + framed)
        return seeds
    }

    /// Edits of every shape, for the seed patches and journal.
    private static let seedEdits: [@MainActor (Library) -> Void] = [
        { $0.userID = 8 },
        { $0.shelves.append(Shelf(id: 9, title: "new")) },
        { library in library.shelves[0].children = [library.shelves[3]] },
        { library in library.shelves[3].library = library },
        { library in library.shelves[3].libraries = [library] },
        { library in library.shelves[3].librariesByKey = ["home": library] },
        { library in library.shelves[3].ancestorSet = [library.shelves[0]] },
        { library in library.shelves[3].library = nil },
        { $0.shelves.swapAt(0, 1) },
        { $0.shelvesByKey["k"] = nil },
        { $0.catalog.tags.insert("c") },
        { $0.scores["t"] = 4 },
        { $0.notes.append(Note(id: 3, "more", replies: [Note(id: 4, "deeper", replies: [Note(id: 5, "deepest")])])) },
        { $0.settings.open("file") },
        { $0.shelves.removeLast() },
        { $0.chart.slices = [Slice("C", 100)] },
    ]
}
