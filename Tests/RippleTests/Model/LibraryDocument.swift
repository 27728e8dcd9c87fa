@_spi(RippleGenerated) import Ripple

// The documents conformances of the test model, written as the generator writes them with
// documents on (until it does: then this file goes, and ripple.json says "documents": true).
// Saved: every stored member that is not discardable nor derived. Nodes are made with init();
// Shelf, Slice and Note have none, so a document opens them with placeholder arguments.

extension Library: DocumentRoot {
    static func _rippleMake() -> any DocumentNode { Library() }
    static var _rippleDocumentVersion: Int { 1 }
    static var _rippleDocumentTypes: [String: any DocumentNode.Type] {
        ["Library": Library.self, "Catalog": Catalog.self, "Shelf": Shelf.self, "Job": Job.self,
         "Chart": Chart.self, "Slice": Slice.self, "Note": Note.self]
    }

    func _rippleSave(to node: inout DocumentNodeWriter) throws {
        try node.value(_userID, "userID")
        try node.node(_catalog, "catalog")
        try node.nodes(_shelves, "shelves")
        try node.node(_pinned, "pinned")
        try node.node(_job, "job")
        try node.value(_settings, "settings")
        try node.value(_scores, "scores")
        try node.nodes(_shelvesByKey, "shelvesByKey")
        try node.nodes(_archive, "archive")
        try node.node(_chart, "chart")
        try node.nodes(_notes, "notes")
        try node.node(_featuredNote, "featuredNote")
        try node.nodes(_notesByKey, "notesByKey")
    }

    func _rippleOpen(from node: DocumentNodeReader) throws {
        _userID = try node.value("userID", default: _userID)
        _catalog = try node.node("catalog", default: _catalog)
        _shelves = try node.nodes("shelves", default: _shelves)
        _pinned = try node.node("pinned", default: _pinned)
        _job = try node.node("job", default: _job)
        _settings = try node.value("settings", default: _settings)
        _scores = try node.value("scores", default: _scores)
        _shelvesByKey = try node.nodes("shelvesByKey", default: _shelvesByKey)
        _archive = try node.nodes("archive", default: _archive)
        _chart = try node.node("chart", default: _chart)
        _notes = try node.nodes("notes", default: _notes)
        _featuredNote = try node.node("featuredNote", default: _featuredNote)
        _notesByKey = try node.nodes("notesByKey", default: _notesByKey)
    }

    func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws {
        switch member {
        case RippleKey.userID: try change.value(_userID, old: old)
        case RippleKey.catalog: try change.node(_catalog, old: old)
        case RippleKey.shelves: try change.nodes(_shelves, old: old)
        case RippleKey.pinned: try change.node(_pinned, old: old)
        case RippleKey.job: try change.node(_job, old: old)
        case RippleKey.settings: try change.value(_settings, old: old)
        case RippleKey.scores: try change.value(_scores, old: old)
        case RippleKey.shelvesByKey: try change.nodes(_shelvesByKey, old: old)
        case RippleKey.archive: try change.nodes(_archive, old: old)
        case RippleKey.chart: try change.node(_chart, old: old)
        case RippleKey.notes: try change.nodes(_notes, old: old)
        case RippleKey.featuredNote: try change.node(_featuredNote, old: old)
        case RippleKey.notesByKey: try change.nodes(_notesByKey, old: old)
        default: break
        }
    }

    func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws {
        switch member {
        case RippleKey.userID: try change.apply(to: &userID)
        case RippleKey.catalog: try change.applyNode(to: &catalog)
        case RippleKey.shelves: try change.applyNodes(to: &shelves)
        case RippleKey.pinned: try change.applyNode(to: &pinned)
        case RippleKey.job: try change.applyNode(to: &job)
        case RippleKey.settings: try change.apply(to: &settings)
        case RippleKey.scores: try change.apply(to: &scores)
        case RippleKey.shelvesByKey: try change.applyNodes(to: &shelvesByKey)
        case RippleKey.archive: try change.applyNodes(to: &archive)
        case RippleKey.chart: try change.applyNode(to: &chart)
        case RippleKey.notes: try change.applyNodes(to: &notes)
        case RippleKey.featuredNote: try change.applyNode(to: &featuredNote)
        case RippleKey.notesByKey: try change.applyNodes(to: &notesByKey)
        default: throw change.unknownMember()
        }
    }
}

extension Catalog: DocumentNode {
    static func _rippleMake() -> any DocumentNode { Catalog() }

    func _rippleSave(to node: inout DocumentNodeWriter) throws {
        try node.value(_total, "total")
        try node.value(_tags, "tags")
    }

    func _rippleOpen(from node: DocumentNodeReader) throws {
        _total = try node.value("total", default: _total)
        _tags = try node.value("tags", default: _tags)
    }

    func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws {
        switch member {
        case RippleKey.total: try change.value(_total, old: old)
        case RippleKey.tags: try change.value(_tags, old: old)
        default: break
        }
    }

    func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws {
        switch member {
        case RippleKey.total: try change.apply(to: &total)
        case RippleKey.tags: try change.apply(to: &tags)
        default: throw change.unknownMember()
        }
    }
}

extension Shelf: DocumentNode {
    static func _rippleMake() -> any DocumentNode { Shelf(id: 0, title: "") }

    func _rippleSave(to node: inout DocumentNodeWriter) throws {
        try node.value(_title, "title")
        try node.value(_entries, "entries")
        try node.nodes(_children, "children")
    }

    func _rippleOpen(from node: DocumentNodeReader) throws {
        _title = try node.value("title", default: _title)
        _entries = try node.value("entries", default: _entries)
        _children = try node.nodes("children", default: _children)
    }

    func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws {
        switch member {
        case RippleKey.title: try change.value(_title, old: old)
        case RippleKey.entries: try change.value(_entries, old: old)
        case RippleKey.children: try change.nodes(_children, old: old)
        default: break
        }
    }

    func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws {
        switch member {
        case RippleKey.title: try change.apply(to: &title)
        case RippleKey.entries: try change.apply(to: &entries)
        case RippleKey.children: try change.applyNodes(to: &children)
        default: throw change.unknownMember()
        }
    }
}

extension Job: DocumentNode {
    static func _rippleMake() -> any DocumentNode { Job() }

    func _rippleSave(to node: inout DocumentNodeWriter) throws {
        try node.value(_rippleLocked(self) { _title }, "title")
        try node.value(_rippleLocked(self) { _progress }, "progress")
    }

    func _rippleOpen(from node: DocumentNodeReader) throws {
        _title = try node.value("title", default: _title)
        _progress = try node.value("progress", default: _progress)
    }

    func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws {
        switch member {
        case RippleKey.title: try change.value(_rippleLocked(self) { _title }, old: old)
        case RippleKey.progress: try change.value(_rippleLocked(self) { _progress }, old: old)
        default: break
        }
    }

    func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws {
        switch member {
        case RippleKey.title: try change.apply(to: &title)
        case RippleKey.progress: try change.apply(to: &progress)
        default: throw change.unknownMember()
        }
    }
}

extension Chart: DocumentNode {
    static func _rippleMake() -> any DocumentNode { Chart() }

    func _rippleSave(to node: inout DocumentNodeWriter) throws {
        try node.nodes(_slices, "slices")
    }

    func _rippleOpen(from node: DocumentNodeReader) throws {
        _slices = try node.nodes("slices", default: _slices)
    }

    func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws {
        if member == RippleKey.slices { try change.nodes(_slices, old: old) }
    }

    func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws {
        guard member == RippleKey.slices else { throw change.unknownMember() }
        try change.applyNodes(to: &slices)
    }
}

extension Slice: DocumentNode {
    static func _rippleMake() -> any DocumentNode { Slice("", 0) }

    func _rippleSave(to node: inout DocumentNodeWriter) throws {
        try node.value(_label, "label")
        try node.value(_percent, "percent")
    }

    func _rippleOpen(from node: DocumentNodeReader) throws {
        _label = try node.value("label", default: _label)
        _percent = try node.value("percent", default: _percent)
    }

    func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws {
        switch member {
        case RippleKey.label: try change.value(_label, old: old)
        case RippleKey.percent: try change.value(_percent, old: old)
        default: break
        }
    }

    func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws {
        switch member {
        case RippleKey.label: try change.apply(to: &label)
        case RippleKey.percent: try change.apply(to: &percent)
        default: throw change.unknownMember()
        }
    }
}

extension Note: DocumentNode {
    static func _rippleMake() -> any DocumentNode { Note("") }

    func _rippleSave(to node: inout DocumentNodeWriter) throws {
        try node.value(_text, "text")
        try node.nodes(_replies, "replies")
    }

    func _rippleOpen(from node: DocumentNodeReader) throws {
        _text = try node.value("text", default: _text)
        _replies = try node.nodes("replies", default: _replies)
    }

    func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws {
        switch member {
        case RippleKey.text: try change.value(_text, old: old)
        case RippleKey.replies: try change.nodes(_replies, old: old)
        default: break
        }
    }

    func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws {
        switch member {
        case RippleKey.text: try change.apply(to: &text)
        case RippleKey.replies: try change.applyNodes(to: &replies)
        default: throw change.unknownMember()
        }
    }
}
