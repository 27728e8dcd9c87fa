import Foundation

/// Copies change files between folders as a sync engine does, badly: late, out of order, cut
/// short (the start of a copy, the rest later), as conflict copies, and as older versions put
/// back. Seeded: a seed gives the same copies every run, on every platform.
///
/// Each folder belongs to one replica, whose own file in it is never written (only a sync engine
/// of a broken kind would write into the file its replica appends to). The other names are
/// copied from the folder of the replica they belong to, as a sync engine copies the version
/// last written: not the longest one, since a replica that reopens cuts a torn record off its
/// file's end, and a copy of the torn version elsewhere is longer than the file it came from.
struct FolderSyncSimulator {
    /// A replica's folder, and the name of its own file there.
    struct Folder {
        let url: URL
        let ownFile: String
    }

    let folders: [Folder]
    private var random: SeededGenerator
    private var conflictCopies = 0

    init(folders: [Folder], seed: UInt64) {
        self.folders = folders
        random = SeededGenerator(state: seed)
    }

    /// One thing a sync engine does to one file in one folder, picked at random.
    mutating func step() throws {
        let names = changeFileNames()
        guard let name = names.randomElement(using: &random), let (origin, source) = owned(name) else { return }
        let destinations = folders.indices.filter { $0 != origin && folders[$0].ownFile != name }
        guard let destination = destinations.randomElement(using: &random) else { return }
        let file = folders[destination].url.appendingPathComponent(name)
        let current = try? Data(contentsOf: file)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            // Whole, written aside and renamed into place.
            try source.write(to: file, options: .atomic)
        case 1:
            // The start of a copy in place (`cp` truncates, then writes), the rest to come.
            try source.prefix(Int.random(in: 0...source.count, using: &random)).write(to: file)
        case 2:
            // The rest of a copy cut short, written in place after what is there.
            guard let current, source.starts(with: current) else { return }
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: source.suffix(from: current.count))
        case 3:
            // A conflict copy of what the folder holds, beside it.
            guard let current else { return }
            conflictCopies += 1
            let stem = String(name.dropLast(".ripplechanges".count))
            let copy = conflictCopies.isMultiple(of: 2) ? "\(stem) (\(conflictCopies)).ripplechanges" : "\(stem) \(conflictCopies).ripplechanges"
            try current.write(to: folders[destination].url.appendingPathComponent(copy))
        case 4:
            // An older version, delivered late, put back in place of a newer one.
            guard let current, !current.isEmpty else { return }
            try source.prefix(Int.random(in: 0..<current.count, using: &random)).write(to: file, options: .atomic)
        default:
            // Nothing this time: the file arrives later.
            break
        }
    }

    /// Rewrites one of the others' files in folder `index` from its start, as a sync engine
    /// downloading a newer version does, and leaves it shorter than it was: what a replica finds
    /// when it opens while the download goes on.
    mutating func cutShort(in index: Int) throws {
        let others = folders.indices.filter { $0 != index }
        let file = folders[index].url.appendingPathComponent(folders[others[Int.random(in: 0..<others.count, using: &random)]].ownFile)
        guard let current = try? Data(contentsOf: file), !current.isEmpty else { return }
        try current.prefix(Int.random(in: 0..<current.count, using: &random)).write(to: file)
    }

    /// Delivers every file whole to every folder, as a sync engine does in the end.
    func settle() throws {
        for name in changeFileNames() {
            guard let (origin, source) = owned(name) else { continue }
            for destination in folders.indices where destination != origin && folders[destination].ownFile != name {
                try source.write(to: folders[destination].url.appendingPathComponent(name), options: .atomic)
            }
        }
    }

    /// The own files of the folders: what is synced (conflict copies stay where they were made).
    private func changeFileNames() -> [String] {
        folders.map(\.ownFile)
    }

    /// The folder of the replica whose file `name` is, and the file's bytes there.
    private func owned(_ name: String) -> (Int, Data)? {
        guard let owner = folders.firstIndex(where: { $0.ownFile == name }),
            let bytes = try? Data(contentsOf: folders[owner].url.appendingPathComponent(name))
        else { return nil }
        return (owner, bytes)
    }
}
