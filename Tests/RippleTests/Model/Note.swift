import Ripple

/// A note with replies: its text must not be empty, which its `validate()` checks. The library
/// holds notes in every shape a node member takes, so that validation of what a transaction
/// attaches is tested through each of them.
// ripple: node
final class Note: Identifiable {
    let tracker = Tracker()
    let id: Int

    // ripple: property
    var _text: String

    // ripple: node
    var _replies: [Note] = []

    init(id: Int = 0, _ text: String, replies: [Note] = []) {
        self.id = id
        _text = text
        _replies = replies
    }

    enum Problem: Error, Equatable {
        case emptyText(id: Int)
    }

    func validate() throws {
        if _text.isEmpty { throw Problem.emptyText(id: id) }
    }
}

/// A note as a payload of a merge.
struct NoteValue: Identifiable {
    var id: Int
    var text: String
}
