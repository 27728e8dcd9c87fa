import Foundation
internal import RippleJSON

/// The mark a ``DocumentStore``'s snapshot carries once its journal holds an update after it:
/// a journal that cannot be found beside a marked snapshot is ``DocumentError/journalMissing(path:)``,
/// never a document opened without the updates it held.
///
/// A journal is found by its name beside the document, or under another name in its folder
/// (``JournalSearch``); a document moved to another folder while closed (the Finder moves the
/// one file) or whose journal was deleted reaches neither, and its snapshot alone cannot tell
/// whether the journal held anything. The mark tells: the header member `journalHoldsUpdates`,
/// written `0` with every snapshot, right after its `journal` generation (so at an offset its
/// model, version and generation give), and turned to `1` in place, one byte written and synced,
/// before the first record after that snapshot is appended. One byte is written whole or not at
/// all, so the snapshot is valid at every instant: unmarked while nothing is journaled after it,
/// marked (perhaps before anything is) once something may be. A snapshot a store writes (a save,
/// a compaction that carries no record) starts unmarked; a compaction that carries records into
/// its new journal marks its snapshot before renaming it into place.
///
/// Snapshots written before the mark have no member: the store writes such a snapshot again at
/// once when it opens (with the journal's updates in it), so that every snapshot it goes on
/// from can be marked.
struct SnapshotMark {
    static let key = "journalHoldsUpdates"

    /// Whether the snapshot is marked.
    let isSet: Bool
    /// Where its digit is in the snapshot's bytes, when it is where a store writes it (`nil`
    /// for a snapshot without the member, or one that has it elsewhere: it cannot be marked).
    let offset: Int?

    /// No snapshot's mark: a new document's.
    init() {
        isSet = false
        offset = nil
    }

    /// The mark of the snapshot `bytes`, whose parsed document is `header`.
    init(of bytes: [UInt8], header: JSONValue) {
        guard let value = try? header.memberIfPresent(Self.key)?.uint64(),
            let format = try? header.member("format").int(), let model = try? header.member("model").string(),
            let version = try? header.member("version").int(), let generation = try? header.member("journal").uint64()
        else {
            isSet = false
            offset = nil
            return
        }
        isSet = value != 0
        // Written as a store writes it (one digit, then the next member), else never written to.
        let prefix = Self.prefix(format: format, model: model, version: version, generation: generation)
        let isInPlace =
            bytes.count > prefix.count + 1 && bytes.starts(with: prefix) && bytes[prefix.count] == (isSet ? UInt8(ascii: "1") : UInt8(ascii: "0"))
            && bytes[prefix.count + 1] == UInt8(ascii: ",")
        offset = isInPlace ? prefix.count : nil
    }

    /// The header members a store's snapshot of `generation` starts with: its generation, then
    /// the mark, unset.
    static func headerMembers(generation: UInt64) -> [(String, UInt64)] {
        [("journal", generation), (key, 0)]
    }

    /// Where the mark's digit is in a snapshot of `Root`'s model of `generation` written now.
    static func offset<Root: DocumentRoot>(of _: Root.Type, generation: UInt64) -> Int {
        prefix(format: documentFormat, model: Root._rippleDescriptor.name, version: Root._rippleDocumentVersion, generation: generation).count
    }

    /// What a snapshot whose header starts with these members holds before the mark's digit,
    /// as ``DocumentHeader/document(nodes:)`` writes them.
    private static func prefix(format: Int, model: String, version: Int, generation: UInt64) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("format")
        writer.write(format)
        writer.key("model")
        writer.write(model)
        writer.key("version")
        writer.write(version)
        writer.key("journal")
        writer.write(generation)
        writer.key(key)
        return writer.bytes
    }
}

extension DocumentStore {
    /// Marks the snapshot (once after each one written): the journal is about to hold an update
    /// after it, which opening must not go without.
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)``; nothing may be appended then.
    func markSnapshot() throws {
        guard !snapshotIsMarked else { return }
        // Every snapshot the store goes on from can be marked (`settle` writes one that cannot).
        guard let markOffset else { throw DocumentError.fileError(path: document.path, operation: "write", code: EBADF) }
        try document.mark(at: markOffset)
        snapshotIsMarked = true
    }

    /// Appends a record holding `payload` to the journal, the snapshot marked first.
    func appendRecord(_ payload: [UInt8], continues: Bool = false) throws {
        try markSnapshot()
        try journal.append(payload, continues: continues, durable: durability == .immediate)
    }
}
