import Ripple

// Classes nested in an enum and in an extension are extended by their qualified names.

enum Workspace {
    // ripple: root
    final class Document {
        let tracker = Tracker()

        // ripple: node
        var _pages: [Page] = []

        // ripple: node
        var _cover: Workspace.Page? = nil

        init() {}
    }

    // ripple: node
    final class Page {
        let tracker = Tracker()

        // ripple: property
        var _text = ""

        // ripple: node
        var _notes: [Note] = []

        init() {}
    }
}

extension Workspace.Page {
    // ripple: node
    final class Note {
        let tracker = Tracker()

        // ripple: property
        var _body = ""

        init() {}
    }
}
