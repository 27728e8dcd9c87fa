@_spi(RippleGenerated) import Ripple

// TEMPORARY: written as the generator will write them with "documents": true, until it does.

extension MusicLibrary: DocumentRoot {
    static func _rippleMake() -> any DocumentNode { MusicLibrary() }
    static var _rippleDocumentVersion: Int { 1 }
    static var _rippleDocumentTypes: [String: any DocumentNode.Type] {
        ["MusicLibrary": MusicLibrary.self, "User": User.self, "Playlist": Playlist.self, "Track": Track.self]
    }

    func _rippleSave(to node: inout DocumentNodeWriter) throws {
        try node.node(_user, "user")
        try node.nodes(_playlists, "playlists")
    }

    func _rippleOpen(from node: DocumentNodeReader) throws {
        _user = try node.node("user", default: _user)
        _playlists = try node.nodes("playlists", default: _playlists)
    }

    func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws {
        switch member {
        case RippleKey.user: try change.node(_user, old: old)
        case RippleKey.playlists: try change.nodes(_playlists, old: old)
        default: break
        }
    }

    func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws {
        switch member {
        case RippleKey.user: try change.applyNode(to: &user)
        case RippleKey.playlists: try change.applyNodes(to: &playlists)
        default: throw change.unknownMember()
        }
    }
}

extension User: DocumentNode {
    static func _rippleMake() -> any DocumentNode { User() }

    func _rippleSave(to node: inout DocumentNodeWriter) throws {
        try node.value(_id, "id")
        try node.value(_name, "name")
    }

    func _rippleOpen(from node: DocumentNodeReader) throws {
        _id = try node.value("id", default: _id)
        _name = try node.value("name", default: _name)
    }

    func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws {
        switch member {
        case RippleKey.id: try change.value(_id, old: old)
        case RippleKey.name: try change.value(_name, old: old)
        default: break
        }
    }

    func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws {
        switch member {
        case RippleKey.id: try change.apply(to: &id)
        case RippleKey.name: try change.apply(to: &name)
        default: throw change.unknownMember()
        }
    }
}

extension Playlist: DocumentNode {
    static func _rippleMake() -> any DocumentNode { Playlist() }

    func _rippleSave(to node: inout DocumentNodeWriter) throws {
        try node.value(_id, "id")
        try node.value(_name, "name")
        try node.nodes(_tracks, "tracks")
    }

    func _rippleOpen(from node: DocumentNodeReader) throws {
        _id = try node.value("id", default: _id)
        _name = try node.value("name", default: _name)
        _tracks = try node.nodes("tracks", default: _tracks)
    }

    func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws {
        switch member {
        case RippleKey.id: try change.value(_id, old: old)
        case RippleKey.name: try change.value(_name, old: old)
        case RippleKey.tracks: try change.nodes(_tracks, old: old)
        default: break
        }
    }

    func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws {
        switch member {
        case RippleKey.id: try change.apply(to: &id)
        case RippleKey.name: try change.apply(to: &name)
        case RippleKey.tracks: try change.applyNodes(to: &tracks)
        default: throw change.unknownMember()
        }
    }
}

extension Track: DocumentNode {
    static func _rippleMake() -> any DocumentNode { Track() }

    func _rippleSave(to node: inout DocumentNodeWriter) throws {
        try node.value(_title, "title")
        try node.value(_artist, "artist")
        try node.value(_duration, "duration")
    }

    func _rippleOpen(from node: DocumentNodeReader) throws {
        _title = try node.value("title", default: _title)
        _artist = try node.value("artist", default: _artist)
        _duration = try node.value("duration", default: _duration)
    }

    func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws {
        switch member {
        case RippleKey.title: try change.value(_title, old: old)
        case RippleKey.artist: try change.value(_artist, old: old)
        case RippleKey.duration: try change.value(_duration, old: old)
        default: break
        }
    }

    func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws {
        switch member {
        case RippleKey.title: try change.apply(to: &title)
        case RippleKey.artist: try change.apply(to: &artist)
        case RippleKey.duration: try change.apply(to: &duration)
        default: throw change.unknownMember()
        }
    }
}
