@_spi(RippleGenerated) import Ripple

// TEMPORARY: written as the generator will write them with "documents": true, until it does.

extension BenchRoot: DocumentRoot {
    static func _rippleMake() -> any DocumentNode { BenchRoot() }
    static var _rippleDocumentVersion: Int { 1 }
    static var _rippleDocumentTypes: [String: any DocumentNode.Type] {
        ["BenchRoot": BenchRoot.self, "Item": Item.self, "Column": Column.self, "Card": Card.self]
    }

    func _rippleSave(to node: inout DocumentNodeWriter) throws {
        try node.value(_title, "title")
        try node.value(_revision, "revision")
        try node.nodes(_items, "items")
        try node.value(_numbers, "numbers")
        try node.nodes(_columns, "columns")
    }

    func _rippleOpen(from node: DocumentNodeReader) throws {
        _title = try node.value("title", default: _title)
        _revision = try node.value("revision", default: _revision)
        _items = try node.nodes("items", default: _items)
        _numbers = try node.value("numbers", default: _numbers)
        _columns = try node.nodes("columns", default: _columns)
    }

    func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws {
        switch member {
        case RippleKey.title: try change.value(_title, old: old)
        case RippleKey.revision: try change.value(_revision, old: old)
        case RippleKey.items: try change.nodes(_items, old: old)
        case RippleKey.numbers: try change.value(_numbers, old: old)
        case RippleKey.columns: try change.nodes(_columns, old: old)
        default: break
        }
    }

    func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws {
        switch member {
        case RippleKey.title: try change.apply(to: &title)
        case RippleKey.revision: try change.apply(to: &revision)
        case RippleKey.items: try change.applyNodes(to: &items)
        case RippleKey.numbers: try change.apply(to: &numbers)
        case RippleKey.columns: try change.applyNodes(to: &columns)
        default: throw change.unknownMember()
        }
    }
}

extension Item: DocumentNode {
    static func _rippleMake() -> any DocumentNode { Item() }

    func _rippleSave(to node: inout DocumentNodeWriter) throws {
        try node.value(_value, "value")
        try node.value(_name, "name")
    }

    func _rippleOpen(from node: DocumentNodeReader) throws {
        _value = try node.value("value", default: _value)
        _name = try node.value("name", default: _name)
    }

    func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws {
        switch member {
        case RippleKey.value: try change.value(_value, old: old)
        case RippleKey.name: try change.value(_name, old: old)
        default: break
        }
    }

    func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws {
        switch member {
        case RippleKey.value: try change.apply(to: &value)
        case RippleKey.name: try change.apply(to: &name)
        default: throw change.unknownMember()
        }
    }
}

extension Column: DocumentNode {
    static func _rippleMake() -> any DocumentNode { Column() }

    func _rippleSave(to node: inout DocumentNodeWriter) throws {
        try node.value(_limit, "limit")
        try node.nodes(_cards, "cards")
    }

    func _rippleOpen(from node: DocumentNodeReader) throws {
        _limit = try node.value("limit", default: _limit)
        _cards = try node.nodes("cards", default: _cards)
    }

    func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws {
        switch member {
        case RippleKey.limit: try change.value(_limit, old: old)
        case RippleKey.cards: try change.nodes(_cards, old: old)
        default: break
        }
    }

    func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws {
        switch member {
        case RippleKey.limit: try change.apply(to: &limit)
        case RippleKey.cards: try change.applyNodes(to: &cards)
        default: throw change.unknownMember()
        }
    }
}

extension Card: DocumentNode {
    static func _rippleMake() -> any DocumentNode { Card() }

    func _rippleSave(to node: inout DocumentNodeWriter) throws {
        try node.value(_title, "title")
    }

    func _rippleOpen(from node: DocumentNodeReader) throws {
        _title = try node.value("title", default: _title)
    }

    func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws {
        switch member {
        case RippleKey.title: try change.value(_title, old: old)
        default: break
        }
    }

    func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws {
        switch member {
        case RippleKey.title: try change.apply(to: &title)
        default: throw change.unknownMember()
        }
    }
}
