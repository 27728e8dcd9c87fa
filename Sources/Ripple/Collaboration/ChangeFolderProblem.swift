/// Something a ``ChangeFolder`` skipped while reading the others' files: what a sync engine, a
/// disk or another program left there. Reading goes on past it; the app may tell its user.
struct ChangeFolderProblem: Equatable, Sendable, CustomStringConvertible {
    /// What was skipped, and why.
    enum Kind: Equatable, Sendable {
        /// The file could not be opened or read (`operation` failed with `errno` `code`); it is
        /// tried again at the next read.
        case unreadable(operation: String, code: Int32)
        /// The file is no change file (its first bytes are not a change file's header).
        case notAChangeFile
        /// The file is of a later format than this Ripple reads.
        case newerFormat(UInt32)
        /// The file's header fails its checksum; its records, each checked on its own, are read.
        case damagedHeader
        /// These bytes of the file are no whole record, and whole records follow them: a record
        /// damaged on the way, skipped.
        case damagedRecords(Range<Int>)
    }

    /// The file's name in the folder.
    let file: String
    let kind: Kind

    var description: String {
        switch kind {
        case let .unreadable(operation, code):
            return "\(file): could not \(operation) it (errno \(code)); it is tried again at the next read"
        case .notAChangeFile:
            return "\(file): not a change file, skipped"
        case .newerFormat(let format):
            return "\(file): change file format \(format), which this Ripple does not read, skipped"
        case .damagedHeader:
            return "\(file): its header fails its checksum; its records are read"
        case .damagedRecords(let range):
            return "\(file): bytes \(range.lowerBound)..<\(range.upperBound) are no whole record, skipped"
        }
    }
}
