import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The journal of a document opened under a name that has none: left under another name in its
/// folder when the document was renamed, or reached by a second hard link, while it was closed.
///
/// A journal's header names its document, the generation of its snapshot and, since format 3,
/// the file that snapshot is in (``JournalFormat``). Opening a store's snapshot whose journal is
/// missing looks through the document's folder for one whose header is whole and names this
/// document and this generation:
/// - recorded as this file (a rename and a hard link keep the file), or as a file gone from the
///   journal's own name (a copy of it, as a move across volumes makes): it is this document's,
///   and is adopted, renamed beside it, locked, before anything is replayed;
/// - of a file still at the journal's own name: this document is a copy of that one (the
///   Finder's Duplicate); the journal is the original's and stays where it is, read and replayed
///   only, and the copy saves a snapshot of its own at once, so that it stands alone and holds
///   what the original showed.
///
/// A damaged journal whose own document is missing may be this one's: that is damage, never a
/// document opened without it. Two journals that both fit are damage too.
struct JournalSearch {
    /// What the search found.
    enum Found {
        /// This document's journal, at `path`, open and locked as `descriptor`, holding `bytes`.
        case own(path: String, descriptor: Int32, bytes: [UInt8])
        /// Another file's journal, at `path`, holding `bytes`: replayed, never renamed.
        case another(path: String, bytes: [UInt8])

        var path: String {
            switch self {
            case .own(let path, _, _), .another(let path, _): path
            }
        }

        var bytes: [UInt8] {
            switch self {
            case .own(_, _, let bytes), .another(_, let bytes): bytes
            }
        }

        /// Closes what it holds open, when it is not adopted.
        func close(files: any FileSystemCalls) {
            if case .own(_, let descriptor, _) = self { files.close(descriptor) }
        }
    }

    let files: any FileSystemCalls
    /// The journal the document has no file at.
    let journalPath: String
    /// The document's name (its ``DocumentIdentities/document``) and its snapshot's generation.
    let document: String
    let generation: UInt64
    /// The document's file.
    let file: JournalFormat.FileIdentity

    /// The journal of this document left under another name, if there is one.
    ///
    /// - Throws: ``DocumentError/damaged(reason:)`` for a damaged journal that may be this
    ///   document's, or two that fit; ``DocumentError/locked(path:)`` when its journal is open
    ///   in another store; ``DocumentError/fileError(path:operation:code:)``. Nothing was changed.
    func find() throws -> Found? {
        let folder = JournalFile.folder(of: journalPath)
        let names = try call("list", folder) { try files.folderContents(folder) }
        var fitting: [(path: String, header: JournalFormat.Header)] = []
        for name in names.sorted() where name.hasSuffix(".journal") {
            let path = folder == "/" ? "/" + name : folder + "/" + name
            guard path != journalPath, let header = try header(at: path) else { continue }
            fitting.append((path, header))
        }
        guard let (path, header) = fitting.first else { return nil }
        guard fitting.count == 1 else {
            throw DocumentError.damaged(
                reason: "its journal is missing, and its folder holds \(fitting.count) that may be its: "
                    + fitting.map { ($0.path as NSString).lastPathComponent.prefix(64) }.joined(separator: ", ")
                    + " (move away those that are not)")
        }
        if header.file != file, try isClaimed(path, header: header) {
            let descriptor = try call("open", path) { try files.open(path, O_RDONLY, 0) }
            defer { files.close(descriptor) }
            return .another(path: path, bytes: try JournalFile.read(descriptor, from: 0, upTo: nil, path: path, files: files))
        }
        // Locked, so that no store goes on appending to it under its old name.
        let descriptor = try JournalFile.openLocked(path, files: files, creating: false)
        do {
            let bytes = try JournalFile.read(descriptor, from: 0, upTo: nil, path: path, files: files)
            // What is read locked must still fit (a store may have replaced it meanwhile).
            guard try self.header(of: bytes, path: path, damageIfOrphaned: false) != nil else {
                throw DocumentError.damaged(reason: "the journal \(path), which may be its, changed while it was read")
            }
            return .own(path: path, descriptor: descriptor, bytes: bytes)
        } catch {
            files.close(descriptor)
            throw error
        }
    }

    /// Renames `found`, this document's journal, beside the document, and makes `journal` go on
    /// with it: the last step of opening, once its records were checked.
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)``; nothing was changed then (and
    ///   `found` is still open).
    static func adopt(_ found: Found, into journal: JournalFile, files: any FileSystemCalls) throws {
        guard case .own(let path, let descriptor, _) = found else { return }
        do {
            try files.rename(path, to: journal.path)
        } catch let error as SystemCallError {
            throw DocumentError.fileError(path: path, operation: "rename", code: error.code)
        }
        journal.take(descriptor)
    }

    // MARK: Headers

    /// The header of the journal at `path`, if it fits this document.
    ///
    /// - Throws: ``DocumentError/damaged(reason:)`` when it is damaged and its own document is
    ///   missing (it may be this one's).
    private func header(at path: String) throws -> JournalFormat.Header? {
        // Never a pipe or a device, which reading could block on.
        guard try call("stat", path, { try files.status(atPath: path, followingLinks: false) })?.kind == .regular else { return nil }
        guard let descriptor = try files.openForReading(path) else { return nil }
        defer { files.close(descriptor) }
        let bytes = try JournalFile.read(descriptor, from: 0, upTo: JournalFormat.maximumHeaderSize, path: path, files: files)
        return try header(of: bytes, path: path, damageIfOrphaned: true)
    }

    /// The header `bytes` start with, if it fits this document; damage when it does not read and
    /// the journal's own document is missing, if `damageIfOrphaned`.
    private func header(of bytes: [UInt8], path: String, damageIfOrphaned: Bool) throws -> JournalFormat.Header? {
        if bytes.allSatisfy({ $0 == 0 }) { return nil }
        let header: JournalFormat.Header
        do {
            header = try JournalFormat.readHeader(bytes, path: path)
        } catch {
            guard damageIfOrphaned, try documentStatus(of: path) == nil else { return nil }
            throw DocumentError.damaged(
                reason: "its journal is missing, and \(path), a damaged journal whose document is missing, may be its "
                    + "(move it away if it is not): \(describe(error))")
        }
        guard header.document == document, header.generation == generation else { return nil }
        return header
    }

    /// Whether the file at the journal's own name is the one it belongs to: the original this
    /// document is a copy of.
    private func isClaimed(_ path: String, header: JournalFormat.Header) throws -> Bool {
        guard let status = try documentStatus(of: path) else { return false }
        // Format 2 names no file: whatever is at its name claims it.
        return header.file.map { JournalFormat.FileIdentity(status) == $0 } ?? true
    }

    /// The status of the document the journal at `path` is named after, if it exists.
    private func documentStatus(of path: String) throws -> FileStatus? {
        let named = String(path.dropLast(".journal".count))
        return try call("stat", named) { try files.status(atPath: named, followingLinks: true) }
    }

    private func call<Result>(_ operation: String, _ path: String, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as SystemCallError {
            throw DocumentError.fileError(path: path, operation: operation, code: error.code)
        }
    }
}
