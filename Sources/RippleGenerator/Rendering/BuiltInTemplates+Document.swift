// Generated from the files of Templates/ by BuiltInTemplatesTests. Do not edit.
// After changing a template: RIPPLE_RECORD=1 swift test --filter BuiltInTemplatesTests

extension TemplateSet {
    /// The source of the built-in template `Document.swift.ripple`.
    static let builtInDocument = #"""
{#
    How documents save and open one tracked class, with documents on (`documents`): its
    `DocumentNode` conformance, `DocumentRoot` for the root.

    `class`: as in Class.swift.ripple, with documentConformance (`DocumentNode`, `DocumentRoot`,
    `@MainActor DocumentNode` for a `@MainActor` class), makeExpression (`Shelf()`, the call of
    its `init()`), and savedMembers: the stored members that are neither discardable nor
    derived. The root also has declaresDocumentVersion (`static let documentVersion` in the
    class or an extension; otherwise documents are version 1), declaresDocumentMigration
    (`static func migrateDocument(_:from:)`; otherwise the protocol's default opens older
    documents as they are) and documentTypesAssumeMainActor. A saved member has documentWrite,
    the `DocumentNodeWriter` and `DocumentChangeWriter` method for its shape (`value`, `node`,
    `nodes`), and documentApply, the `DocumentChangeReader` method (`apply`, `applyNode`,
    `applyNodes`).

    `_rippleCapture` is `_rippleSave` for a compaction: the same members, given to a
    `DocumentCapture`, which keeps `Sendable` values to encode them off the main actor.

    Saving reads storage (under the node's lock for members shared with background threads);
    opening writes storage, as the node is in no model yet; a patch applies through the tracked
    accessor, so that it is journaled, validated and delivered with its update. Members holding
    nodes of a `@MainActor` class, in a class that is not explicitly `@MainActor`
    (`visitAssumesMainActor`), are reached through `_rippleAssumingMainActor`, where those
    nodes' conformances can be used, with the writer, reader or change as arguments (a closure
    capturing them would send them to the main actor); so are, in such a root, the classes of
    the model (`documentTypesAssumeMainActor`). A change of a value or a single node is applied
    to a copy, then set: an `inout` access to the member across the call would be a long access
    to its storage, which makes the optimizer keep run-time exclusivity checks on every read of
    it (8 ns, not 0.5). A collection of nodes is edited in place, as a journal replayed in one
    update edits it many times: a copy each time would cost the collection each time (a read
    of the collection member, rarer than of a value, keeps its checks).
#}
/// How documents save and open {{ class.article }} `{{ class.name }}`.
extension {{ class.name }}: {{ class.documentConformance }} {
    {{ class.conformanceAccess }}static func _rippleMake() -> any DocumentNode { {{ class.makeExpression }} }
{% if class.isRoot %}

    {{ class.conformanceAccess }}static var _rippleDocumentVersion: Int { {% if class.declaresDocumentVersion %}documentVersion{% else %}1{% endif %} }
    {% if class.declaresDocumentMigration %}

    {{ class.conformanceAccess }}static func _rippleMigrate(_ document: inout DocumentMigration, from version: Int) throws {
        try migrateDocument(&document, from: version)
    }
    {% endif %}

    {{ class.conformanceAccess }}static var _rippleDocumentTypes: [String: any DocumentNode.Type] {
    {% if class.documentTypesAssumeMainActor %}
        _rippleAssumingMainActor {
            [
        {% for listed in classes %}
                "{{ listed.name }}": {{ listed.name }}.self,
        {% endfor %}
            ]
        }
    {% else %}
        [
        {% for listed in classes %}
            "{{ listed.name }}": {{ listed.name }}.self,
        {% endfor %}
        ]
    {% endif %}
    }
{% endif %}
{% if class.savedMembers %}

    {{ class.conformanceAccess }}func _rippleSave(to node: inout DocumentNodeWriter) throws {
    {% for member in class.savedMembers %}
        {% if member.visitAssumesMainActor %}
            {% if member.backgroundRead %}
        try _rippleAssumingMainActor(self, &node) { owner, node in try node.{{ member.documentWrite }}(_rippleLocked(owner) { owner.{{ member.storage }} }, "{{ member.name }}") }
            {% else %}
        try _rippleAssumingMainActor(self, &node) { try $1.{{ member.documentWrite }}($0.{{ member.storage }}, "{{ member.name }}") }
            {% endif %}
        {% elif member.backgroundRead %}
        try node.{{ member.documentWrite }}(_rippleLocked(self) { {{ member.storage }} }, "{{ member.name }}")
        {% else %}
        try node.{{ member.documentWrite }}({{ member.storage }}, "{{ member.name }}")
        {% endif %}
    {% endfor %}
    }

    {{ class.conformanceAccess }}func _rippleCapture(to capture: inout DocumentCapture) throws {
    {% for member in class.savedMembers %}
        {% if member.visitAssumesMainActor %}
            {% if member.backgroundRead %}
        try _rippleAssumingMainActor(self, &capture) { owner, capture in try capture.{{ member.documentWrite }}(_rippleLocked(owner) { owner.{{ member.storage }} }, "{{ member.name }}") }
            {% else %}
        try _rippleAssumingMainActor(self, &capture) { try $1.{{ member.documentWrite }}($0.{{ member.storage }}, "{{ member.name }}") }
            {% endif %}
        {% elif member.backgroundRead %}
        try capture.{{ member.documentWrite }}(_rippleLocked(self) { {{ member.storage }} }, "{{ member.name }}")
        {% else %}
        try capture.{{ member.documentWrite }}({{ member.storage }}, "{{ member.name }}")
        {% endif %}
    {% endfor %}
    }

    {{ class.conformanceAccess }}func _rippleOpen(from node: DocumentNodeReader) throws {
    {% for member in class.savedMembers %}
        {% if member.visitAssumesMainActor %}
        {{ member.storage }} = try _rippleAssumingMainActor(self, node) { try $1.{{ member.documentWrite }}("{{ member.name }}", default: $0.{{ member.storage }}) }
        {% else %}
        {{ member.storage }} = try node.{{ member.documentWrite }}("{{ member.name }}", default: {{ member.storage }})
        {% endif %}
    {% endfor %}
    }

    {{ class.conformanceAccess }}func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws {
        switch member {
    {% for member in class.savedMembers %}
        {% if member.visitAssumesMainActor %}
            {% if member.backgroundRead %}
        case RippleKey.{{ member.identifier }}:
            try _rippleAssumingMainActor(self, &change, old) { owner, change, old in
                try change.{{ member.documentWrite }}(_rippleLocked(owner) { owner.{{ member.storage }} }, old: old)
            }
            {% else %}
        case RippleKey.{{ member.identifier }}: try _rippleAssumingMainActor(self, &change, old) { try $1.{{ member.documentWrite }}($0.{{ member.storage }}, old: $2) }
            {% endif %}
        {% elif member.backgroundRead %}
        case RippleKey.{{ member.identifier }}: try change.{{ member.documentWrite }}(_rippleLocked(self) { {{ member.storage }} }, old: old)
        {% else %}
        case RippleKey.{{ member.identifier }}: try change.{{ member.documentWrite }}({{ member.storage }}, old: old)
        {% endif %}
    {% endfor %}
        default: break
        }
    }

    {{ class.conformanceAccess }}func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws {
        switch member {
    {% for member in class.savedMembers %}
        {% if member.visitAssumesMainActor %}
        case RippleKey.{{ member.identifier }}:
            try _rippleAssumingMainActor(self, change) { owner, change in
                var value = owner.{{ member.identifier }}
                try change.{{ member.documentApply }}(to: &value)
                owner.{{ member.identifier }} = value
            }
        {% elif member.documentApply == "applyNodes" %}
        case RippleKey.{{ member.identifier }}: try change.applyNodes(to: &{{ member.identifier }})
        {% else %}
        case RippleKey.{{ member.identifier }}:
            var value = self.{{ member.identifier }}
            try change.{{ member.documentApply }}(to: &value)
            self.{{ member.identifier }} = value
        {% endif %}
    {% endfor %}
        default: throw change.unknownMember()
        }
    }
{% else %}

    {{ class.conformanceAccess }}func _rippleSave(to node: inout DocumentNodeWriter) throws {}

    {{ class.conformanceAccess }}func _rippleCapture(to capture: inout DocumentCapture) throws {}

    {{ class.conformanceAccess }}func _rippleOpen(from node: DocumentNodeReader) throws {}

    {{ class.conformanceAccess }}func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws {}

    {{ class.conformanceAccess }}func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws { throw change.unknownMember() }
{% endif %}
}

"""#
}
