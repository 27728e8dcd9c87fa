import Foundation
import Ripple

// Issue 37's breaker model, a notes vault (think Obsidian), written from the documentation
// alone: a vault of folders nested in folders (to any depth) holding notes; a note links to
// other notes (a set of references, cycles allowed) and its backlinks are derived by a
// processor; the vault's tags dictionary and its pinned array hold notes too (a note in two
// places); back references to the document's root, the vault and the parent folder; notes with
// members of every value shape; each folder's derived count of the notes in its subtree. It
// hangs under the test target's root as `Library.gauge.vault`.

// ripple: node
final class NoteVault {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: node
    var _top: VaultFolder? = nil

    // ripple: node
    var _tags: [String: VaultTag] = [:]

    // ripple: node
    /// Notes the user pinned, held by their folders too.
    var _pinned: [VaultNote] = []

    // ripple: node
    /// A back reference to the document's root.
    var _library: Library? = nil

    init() {}
}

// ripple: node
final class VaultFolder {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: node
    var _folders: [VaultFolder] = []

    // ripple: node
    var _notes: [VaultNote] = []

    // ripple: node
    /// A back reference to the folder above (nil at the top).
    var _parent: VaultFolder? = nil

    // ripple: node
    /// A back reference to the vault.
    var _vault: NoteVault? = nil

    // ripple: property, derived
    /// How many notes the folder's subtree holds, kept by a processor.
    var _noteCount = 0

    init() {}

    convenience init(_ name: String) {
        self.init()
        _name = name
    }
}

/// Where a note is in its life; cases carry payloads.
enum NoteStatus: Codable, Equatable {
    case draft
    case published(on: Date, revision: Int)
    case archived(reason: String?)
}

// ripple: node
final class VaultNote {
    let tracker = Tracker()

    // ripple: property
    var _title = ""

    // ripple: property
    var _body = ""

    // ripple: property
    var _words = 0

    // ripple: property
    var _rating = 0.0

    // ripple: property
    var _starred = false

    // ripple: property
    var _summary: String? = nil

    // ripple: property
    var _status: NoteStatus = .draft

    // ripple: property
    var _created = Date(timeIntervalSinceReferenceDate: 0)

    // ripple: property
    var _attachment = Data()

    // ripple: property
    var _aliases: [String] = []

    // ripple: property
    var _scores: [Double] = []

    // ripple: node
    /// The notes this one links to (references: their folders hold them).
    var _links: Set<VaultNote> = []

    // ripple: node, derived
    /// The notes that link to this one, kept by a processor.
    var _backlinks: Set<VaultNote> = []

    // ripple: node
    /// A back reference to the folder holding the note.
    var _folder: VaultFolder? = nil

    // ripple: node
    /// A back reference to the vault.
    var _vault: NoteVault? = nil

    init() {}

    convenience init(_ title: String) {
        self.init()
        _title = title
    }
}

// ripple: node
final class VaultTag {
    let tracker = Tracker()

    // ripple: property
    var _name = ""

    // ripple: property
    var _color = 0

    // ripple: node
    /// The notes tagged so (references).
    var _notes: [VaultNote] = []

    init() {}

    convenience init(_ name: String, color: Int = 0) {
        self.init()
        _name = name
        _color = color
    }
}

/// Notes are told apart by identity, in sets as everywhere else.
extension VaultNote: Hashable {
    static func == (lhs: VaultNote, rhs: VaultNote) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Library {
    /// The breaker's vault, held by the gauge (made when one is set and there is none).
    var vault: NoteVault? {
        get { gauge?.vault }
        set {
            if gauge == nil { gauge = Gauge() }
            gauge!.vault = newValue
        }
    }
}
