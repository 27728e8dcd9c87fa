import Foundation

/// Why a document could not be saved, opened or changed; nothing was opened or changed.
public enum DocumentError: Error, Equatable, CustomStringConvertible {
    /// The data is not a Ripple document: not JSON, cut short, or not what a document holds.
    case notADocument(reason: String)
    /// The document holds another model.
    case otherModel(found: String, expected: String)
    /// The document was written by a newer Ripple, in a format this one cannot read.
    case newerFormat(found: Int, supported: Int)
    /// The document was written by a newer version of the model than this one.
    case newerVersion(found: Int, supported: Int)
    /// The document is well formed but does not hold together (a node it refers to is not in
    /// it, a member holds the wrong kind of value).
    case damaged(reason: String)
    /// The document or patch is larger or deeper than ``DocumentLimits`` allow (which the app
    /// may raise).
    case tooLarge(reason: String)
    /// Another store has the document open (in this process or another).
    case locked(path: String)
    /// The file system refused an operation.
    case fileError(path: String, operation: String, code: Int32)
    /// A patch refers to what the model does not hold (it was made for another document, or
    /// patches were skipped or applied twice).
    case patchDoesNotApply(reason: String)
    /// An update holds a value its `Encodable` conformance refuses (a non-finite `Double`,
    /// say); the reason names the class and the member. In a ``DocumentStore`` the update is
    /// rolled back and throws this; a mediator without one commits it, and its
    /// ``Mediator/patches()`` skip it (a replica sees the gap), which its failure handler hears.
    case unencodable(reason: String)
    /// An update committed but could not be written to its document's files (a full disk, an
    /// I/O error), with a durability looser than `.immediate`, or in what registrations wrote
    /// during its refresh: the document stays unsaved until a later write succeeds.
    case notSaved(reason: String)
    /// The path is a symbolic link to nothing: a dangling link opens no document.
    case brokenLink(path: String)
    /// The file has more than one name (hard links): a store keeps its journal beside one name,
    /// which a store opened through another could not find.
    case hardLinked(path: String, links: Int)
    /// The document was renamed, moved, replaced or deleted while its store had it open.
    case moved(path: String)
    /// The document's journal, at `path`, holds updates made since the document was last saved,
    /// and it is missing: the document was moved without it (to another folder, as the Finder
    /// moves one file), or it was deleted. Nothing was changed: put the journal back beside the
    /// document under that name.
    case journalMissing(path: String)
    /// The ``DocumentStore`` of a mediator was released: its updates are no longer saved.
    case storeClosed
    /// A snapshot was asked for while an update's body runs, whose writes may still roll back.
    case updateInProgress

    public var description: String {
        switch self {
        case .notADocument(let reason):
            "not a Ripple document: \(reason)"
        case let .otherModel(found, expected):
            "the document holds a '\(found)' model, not a '\(expected)': open it with a Mediator of \(found)"
        case let .newerFormat(found, supported):
            "the document's format is \(found), newer than \(supported), the newest this Ripple reads: update Ripple"
        case let .newerVersion(found, supported):
            "the document is version \(found) of the model, newer than \(supported), this app's: update the app"
        case .damaged(let reason):
            "the document is damaged: \(reason)"
        case .tooLarge(let reason):
            "too large to open or apply: \(reason) (an app that expects it raises DocumentLimits)"
        case .locked(let path):
            "\(path) is locked: its document is open in another store (in this process or another); close it there first"
        case let .fileError(path, operation, code):
            "\(operation) failed for \(path): \(String(cString: strerror(code))) (errno \(code))"
        case .patchDoesNotApply(let reason):
            "the patch does not apply to this document: \(reason)"
        case .unencodable(let reason):
            "a value cannot be written into a document: \(reason)"
        case .notSaved(let reason):
            "an update committed but is not on disk: \(reason); the document stays unsaved until a later write "
                + "succeeds (the next update, sync() or save() writes it whole)"
        case .brokenLink(let path):
            "\(path) is a symbolic link to nothing: point it at the document, or open the document where it is"
        case let .hardLinked(path, links):
            "\(path) has \(links) names (hard links): a store keeps its journal beside one name, which the others "
                + "cannot find; remove the other names, or open a copy"
        case .moved(let path):
            "the document at \(path) was renamed, moved, replaced or deleted while its store had it open: nothing was "
                + "written; what the store journaled since its last save is in \(path).journal: close the store and open "
                + "the document where it is, with its journal beside it"
        case .journalMissing(let path):
            "the updates made since the document was last saved are in its journal, \(path), which is missing (was the "
                + "document moved without it, or the journal deleted?): nothing was changed; put the journal back beside the "
                + "document under that name and open it again (the snapshot alone, without those updates, still opens "
                + "with Mediator(opening:))"
        case .storeClosed:
            "the document's store was released: this update was not saved (keep the DocumentStore as long as its mediator)"
        case .updateInProgress:
            "a snapshot was asked for inside an update, whose writes may still roll back: take it after the update"
        }
    }
}
