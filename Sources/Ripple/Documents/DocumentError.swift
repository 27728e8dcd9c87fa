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
    /// A committed update holds a value its `Encodable` conformance refuses (a non-finite
    /// `Double`, say): it can be neither journaled nor sent as a patch.
    case unencodable(reason: String)
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
            "\(path) is open in another store; close it there first"
        case let .fileError(path, operation, code):
            "\(operation) failed for \(path): \(String(cString: strerror(code))) (errno \(code))"
        case .patchDoesNotApply(let reason):
            "the patch does not apply to this document: \(reason)"
        case .unencodable(let reason):
            "a committed change cannot be saved: \(reason); until it is replaced, the document cannot be written"
        case .storeClosed:
            "the document's store was released: this update was not saved (keep the DocumentStore as long as its mediator)"
        case .updateInProgress:
            "a snapshot was asked for inside an update, whose writes may still roll back: take it after the update"
        }
    }
}
