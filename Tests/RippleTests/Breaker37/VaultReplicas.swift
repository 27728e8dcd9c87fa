import Foundation
@testable import Ripple

/// Replicas and files of a document holding a notes vault, for issue 37's breaker tests.
@MainActor
enum VaultReplicas: ReplicaFixture {
    /// A vault whose top folder holds `folders` folders of `subfolders` folders each, every one of
    /// those holding `notes` notes (back references set); every third note links to the next
    /// (and the last to the first: a cycle), the first two notes pinned, three tags.
    static func makeVault(folders: Int = 3, subfolders: Int = 2, notes: Int = 3, library: Library? = nil) -> NoteVault {
        let vault = NoteVault()
        vault.name = "Brain"
        vault.library = library
        let top = VaultFolder("top")
        top.vault = vault
        vault.top = top
        var all: [VaultNote] = []
        for index in 0..<folders {
            let folder = VaultFolder("d\(index)")
            folder.parent = top
            folder.vault = vault
            for subindex in 0..<subfolders {
                let sub = VaultFolder("d\(index).\(subindex)")
                sub.parent = folder
                sub.vault = vault
                sub.notes = (0..<notes).map { _ in
                    let note = makeNote(all.count, vault: vault)
                    note.folder = sub
                    all.append(note)
                    return note
                }
                folder.folders.append(sub)
            }
            top.folders.append(folder)
        }
        for index in stride(from: 0, to: all.count, by: 3) { all[index].links.insert(all[(index + 1) % all.count]) }
        if let last = all.last, let first = all.first { last.links.insert(first) }
        vault.pinned = Array(all.prefix(2))
        vault.tags = ["idea": VaultTag("idea", color: 1), "todo": VaultTag("todo", color: 2), "done": VaultTag("done", color: 3)]
        vault.tags["idea"]!.notes = Array(all.prefix(3))
        return vault
    }

    static func makeNote(_ number: Int, vault: NoteVault?) -> VaultNote {
        let note = VaultNote("n\(number)")
        note.vault = vault
        note.body = "body of n\(number)"
        note.words = number * 7
        note.rating = Double(number) / 4
        note.starred = number % 2 == 0
        note.summary = number % 3 == 0 ? nil : "summary \(number)"
        note.status = [NoteStatus.draft, .published(on: Date(timeIntervalSinceReferenceDate: 700_000_000), revision: number),
                       .archived(reason: nil), .archived(reason: "old")][number % 4]
        note.created = Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(number))
        note.attachment = Data([UInt8(number % 256), 1, 2])
        note.aliases = ["a\(number)"]
        note.scores = [0.5, Double(number)]
        return note
    }

    static func makeLibrary(folders: Int = 3, subfolders: Int = 2, notes: Int = 3) -> Library {
        let library = Library()
        library.vault = makeVault(folders: folders, subfolders: subfolders, notes: notes, library: library)
        return library
    }

    static func replicas(_ count: Int, folders: Int = 3, subfolders: Int = 2, notes: Int = 3, seed: UInt64? = nil) throws
        -> [Mediator<Library>]
    {
        try ReplicaGroup.replicas(count, of: makeLibrary(folders: folders, subfolders: subfolders, notes: notes), seed: seed)
    }

    static func vault(_ mediator: Mediator<Library>) -> NoteVault { mediator.root.vault! }

    /// The folder named `name`, wherever it is under the top folder.
    static func folder(_ mediator: Mediator<Library>, _ name: String) -> VaultFolder? {
        allFolders(vault(mediator).top!).first { $0.name == name }
    }

    /// The note titled `title`, wherever a folder holds it.
    static func note(_ mediator: Mediator<Library>, _ title: String) -> VaultNote? {
        allFolders(vault(mediator).top!).lazy.flatMap(\.notes).first { $0.title == title }
    }

    /// Every folder under `folder`, itself first (a folder seen before is not walked again).
    static func allFolders(_ folder: VaultFolder) -> [VaultFolder] {
        var seen = Set<ObjectIdentifier>()
        func walk(_ folder: VaultFolder) -> [VaultFolder] {
            guard seen.insert(ObjectIdentifier(folder)).inserted else { return [] }
            return [folder] + folder.folders.flatMap(walk)
        }
        return walk(folder)
    }

    /// What is wrong with the vault a user sees: a folder in two places or inside itself, a note
    /// in two folders; with `backReferences`, also a folder's `parent` or a note's `folder` that
    /// names another holder than the one holding it. (A pinned note in no folder is not counted:
    /// a pin made while another replica removed the note's folder keeps the note, as sharing does.)
    static func problems(_ mediator: Mediator<Library>, backReferences: Bool = false) -> [String] {
        guard let top = mediator.root.vault?.top else { return ["no top folder"] }
        var problems: [String] = []
        var seenFolders = Set<ObjectIdentifier>()
        var seenNotes = Set<ObjectIdentifier>()
        func walk(_ folder: VaultFolder) {
            guard seenFolders.insert(ObjectIdentifier(folder)).inserted else {
                return problems.append("folder \(folder.name) in two places, or in a cycle")
            }
            for note in folder.notes {
                if !seenNotes.insert(ObjectIdentifier(note)).inserted { problems.append("note \(note.title) in two folders") }
                if backReferences && note.folder !== folder { problems.append("note \(note.title) names \(note.folder?.name ?? "-") as its folder, is in \(folder.name)") }
            }
            for child in folder.folders {
                if backReferences && child.parent !== folder { problems.append("folder \(child.name) names \(child.parent?.name ?? "-") as its parent, is in \(folder.name)") }
                walk(child)
            }
        }
        walk(top)
        return problems
    }

    /// Every note title in the folders, sorted: what the sidebar lists.
    static func titles(_ mediator: Mediator<Library>) -> [String] {
        allFolders(vault(mediator).top!).flatMap { $0.notes.map(\.title) }.sorted()
    }

    /// What a user sees of the vault, without merge state.
    static func visible(_ mediator: Mediator<Library>) -> String {
        guard let vault = mediator.root.vault, let top = vault.top else { return "no vault" }
        var described = Set<ObjectIdentifier>()
        func describeNote(_ note: VaultNote) -> String {
            "\(note.title) \(note.body) \(note.words) \(note.rating) \(note.starred) \(note.summary ?? "-") \(note.status) "
                + "\(note.attachment.count) \(note.aliases) \(note.scores) links \(note.links.map(\.title).sorted()) in \(note.folder?.name ?? "-")"
        }
        func describeFolder(_ folder: VaultFolder, _ indent: String) -> [String] {
            guard described.insert(ObjectIdentifier(folder)).inserted else { return ["\(indent)folder \(folder.name) again"] }
            return ["\(indent)folder \(folder.name) parent \(folder.parent?.name ?? "-")"]
                + folder.notes.map { indent + "  " + describeNote($0) } + folder.folders.flatMap { describeFolder($0, indent + "  ") }
        }
        var lines = ["vault \(vault.name) library \(vault.library === mediator.root) pinned \(vault.pinned.map(\.title))"]
        lines += vault.tags.keys.sorted().map { "tag \($0): \(vault.tags[$0]!.name) \(vault.tags[$0]!.color) \(vault.tags[$0]!.notes.map(\.title))" }
        lines += describeFolder(top, "")
        return lines.joined(separator: "\n")
    }

    /// A chain of `depth` folders under `top`, each the only subfolder of the one above, a note in the deepest.
    static func chain(_ depth: Int, vault: NoteVault? = nil) -> VaultFolder {
        let first = VaultFolder("level 0")
        var above = first
        for level in 1..<max(depth, 1) {
            let folder = VaultFolder("level \(level)")
            folder.parent = above
            folder.vault = vault
            above.folders = [folder]
            above = folder
        }
        let leaf = VaultNote("deep leaf")
        leaf.folder = above
        above.notes = [leaf]
        return first
    }
}
