import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ChangeFolder {
    /// How far one of the others' files has been read.
    struct FileProgress {
        /// Where the records not read yet start (0 until the header has been read).
        var offset = 0
        /// Where the last thing read starts (the header, then the last whole record), and its
        /// first bytes (the header whole; a record's length and checksum): read again each
        /// time, they tell a file extended (still there) from one replaced by another (not
        /// there: read it all again). A different file whose record at the same place has the
        /// same length and checksum is, as far as its records go, the same file. Not the whole
        /// record: a document's first change may be megabytes, and every sync would read it
        /// again (breaker36: an idle `sync()` cost the document's size).
        var anchor = 0
        var anchorBytes: [UInt8] = []
    }

    /// The records of the other replicas' files that were not read before: file by file, in
    /// order of their names, and in file order within each. ``problems`` says what was skipped.
    ///
    /// Every file named `*.ripplechanges` is read except this replica's own, including conflict
    /// copies of it: a sync engine may have put there records that the own file lost. Names
    /// that start with a dot are what sync engines write before renaming a file into place.
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)`` when the folder cannot be
    ///   listed; a file that cannot be read is skipped (and reported), and tried again next time.
    func readNew() throws -> [[UInt8]] {
        problems = []
        let names = try Self.call("list", path) { try files.folderContents(path) }
            .filter { $0.hasSuffix("." + ChangeFolderFormat.fileExtension) && !$0.hasPrefix(".") && $0 != ownFileName }
            .sorted()
        var records: [[UInt8]] = []
        for name in names {
            records += readNew(of: name)
        }
        return records
    }

    /// This replica's own records, from the first: what a shared store that opens merges again.
    ///
    /// - Throws: ``DocumentError/fileError(path:operation:code:)`` when the file cannot be read.
    func readOwn() throws -> [[UInt8]] {
        let bytes = try Self.read(descriptor, from: 0, path: path + "/" + ownFileName, files: files)
        var state = FileProgress()
        defer { progress[ownFileName] = nil }
        return records(in: bytes, from: 0, of: ownFileName, state: &state)
    }

    /// The records of the file `name` not read before; a problem reported instead when it
    /// cannot be read, its progress left as it was.
    private func readNew(of name: String) -> [[UInt8]] {
        let filePath = path + "/" + name
        let descriptor: Int32
        do {
            // Non-blocking, so that a named pipe given the name cannot stall the reader.
            descriptor = try files.open(filePath, O_RDONLY | O_NONBLOCK, 0)
        } catch {
            report(name, error, operation: "open")
            return []
        }
        defer { files.close(descriptor) }
        do {
            let status = try files.status(of: descriptor)
            guard status.kind == .regular else {
                problems.append(ChangeFolderProblem(file: name, kind: .notAChangeFile))
                return []
            }
            var state = progress[name] ?? FileProgress()
            var replaced = false
            if state.offset != 0 {
                let anchor = try Self.read(descriptor, from: state.anchor, count: state.anchorBytes.count, path: filePath, files: files)
                if status.size < state.offset || anchor != state.anchorBytes {
                    // Replaced by a shorter or another file: its records may be others than those
                    // read, and merging those read again changes nothing.
                    replaced = true
                    state = FileProgress()
                }
            }
            let bytes = try Self.read(descriptor, from: state.offset, path: filePath, files: files)
            let read = records(in: bytes, from: state.offset, of: name, state: &state)
            // What the lost version held, this replica may hold alone: the store writes it back.
            if replaced, case .header(let owner, _) = ChangeFolderFormat.readHeader(bytes[...]), owner != replica.rawValue,
                let owner = ReplicaID(rawValue: owner)
            {
                replacedReplicas.insert(owner)
            }
            return read
        } catch {
            report(name, error, operation: "read")
            return []
        }
    }

    /// The new records of `bytes`, the file `name`'s from `base` on (`state.offset`, or 0 for a
    /// file not read before); `state` moved past them and saved.
    private func records(in bytes: [UInt8], from base: Int, of name: String, state: inout FileProgress) -> [[UInt8]] {
        if state.offset == 0 {
            switch ChangeFolderFormat.readHeader(bytes[...]) {
            case .incomplete:
                return []
            case .foreign:
                problems.append(ChangeFolderProblem(file: name, kind: .notAChangeFile))
                return []
            case .newerFormat(let format):
                problems.append(ChangeFolderProblem(file: name, kind: .newerFormat(format)))
                return []
            case .header(_, let damaged):
                if damaged { problems.append(ChangeFolderProblem(file: name, kind: .damagedHeader)) }
                state.offset = ChangeFolderFormat.headerSize
                state.anchorBytes = Array(bytes[0..<ChangeFolderFormat.headerSize])
            }
        }
        let scan = ChangeFolderFormat.scan(bytes, from: state.offset - base, maximumPayload: maximumPayload)
        for damage in scan.damaged {
            problems.append(ChangeFolderProblem(file: name, kind: .damagedRecords((base + damage.lowerBound)..<(base + damage.upperBound))))
        }
        if let last = scan.records.last {
            state.anchor = base + last.start
            state.anchorBytes = Array(bytes[last.start..<last.payload.startIndex])
        }
        state.offset = base + scan.end
        progress[name] = state
        return scan.records.map { Array($0.payload) }
    }

    private func report(_ name: String, _ error: any Error, operation: String) {
        let kind: ChangeFolderProblem.Kind =
            switch error {
            case DocumentError.fileError(_, let operation, let code): .unreadable(operation: operation, code: code)
            case let error as SystemCallError: .unreadable(operation: operation, code: error.code)
            default: .unreadable(operation: operation, code: EIO)
            }
        problems.append(ChangeFolderProblem(file: name, kind: kind))
    }
}
