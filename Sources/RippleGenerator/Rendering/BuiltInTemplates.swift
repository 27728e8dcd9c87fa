// Generated from the files of Templates/ by BuiltInTemplatesTests. Do not edit.
// After changing a template: RIPPLE_RECORD=1 swift test --filter BuiltInTemplatesTests

extension TemplateSet {
    /// The source of every built-in template, by file name.
    static let builtInSources: [String: String] = [
        "Accessor.swift.ripple": #"""
{#
    The public accessor of one member, inside the class's extension.

    `member`: name, identifier (backticked if a keyword), storage (`_name`), type, index,
    changeKey, isNode, shape, nodeClass, isComputed, isShared, sharedProperty, options,
    backgroundRead, backgroundWrite, isNonisolated, visitAssumesMainActor, mayBeOptional,
    inScheme, and dependencies (each with `text` and `steps`, a step being `isAll` or
    `member`) also listed in `dependencyList`.

    A getter loads first and records the read after, and a setter stores first and journals
    after: the call on the slow path then needs no retain of the node, nor an exclusivity
    check of the store, on the fast path. A class with transactionWillChange() journals before
    it stores instead, so that the hook runs before the node's first change.
    A setter skips writes that change nothing: `==` values (when the type is Equatable,
    chosen at compile time; floating-point values, alone or in collections, by their bits:
    the overloads of `_rippleChanges` for `_RippleBitwiseEquatable`) or the very same nodes.
    `_modify` edits the storage in place (`append`, subscripts, `+=`, mutating methods): it
    journals the old value at the first edit of a transaction only, so later edits find the
    storage uniquely held and copy nothing. Whether such an edit changed anything is judged
    when the change is delivered. Members shared with background threads keep get and set:
    their lock is not held across a yield.
    With `observable`, getters also report the read to Observation (a computed member, the
    reads of its dependencies); changes are reported by the runtime when they are delivered.
    Members shared with background threads are not reported: the registrar is the main actor's.
    Those members are `nonisolated` when their storage is (`isNonisolated`), so that they work
    off the main actor in a main-actor class too; they then call only functions that take the
    node as a plain object, since the class's conformance may be usable on the main actor only.
#}
{% if member.dependencies %}
    /// Reads {{ member.dependencyList }}.
{% endif %}
{% if member.isShared %}
    /// Shares its change key with `{{ member.sharedProperty }}`.
{% endif %}
{% if member.backgroundWrite %}
    /// Readable and writable from any thread; writes are not part of transactions.
{% elif member.backgroundRead %}
    /// Readable from any thread.
{% endif %}
    {{ class.access }}{% if member.isNonisolated %}nonisolated {% endif %}var {{ member.identifier }}: {{ member.type }} {
{% if member.isComputed %}
    {% if class.isObservable %}
        _rippleAccess(\.{{ member.identifier }})
        _rippleAccessDependencies(of: RippleKey.{{ member.identifier }})
    {% endif %}
        let value = {{ member.storage }}
        _rippleRead(RippleKey.{{ member.identifier }})
        return value
{% elif member.backgroundWrite %}
        get { _rippleLocked(self) { {{ member.storage }} } }
        set {
            let old = _rippleLocked(self) {
                defer { {{ member.storage }} = newValue }
                return {{ member.storage }}
            }
            _rippleDidSetInBackground(self, old, newValue, RippleKey.{{ member.identifier }})
        }
{% else %}
    {% if member.backgroundRead %}
        get { _rippleLocked(self) { {{ member.storage }} } }
    {% else %}
        get {
        {% if class.isObservable %}
            _rippleAccess(\.{{ member.identifier }})
        {% endif %}
            let value = {{ member.storage }}
            _rippleRead(RippleKey.{{ member.identifier }})
            return value
        }
    {% endif %}
        set {
            let old = {{ member.storage }}
    {% if member.isNode %}
            guard _rippleNodeChanges(old, newValue) else { return }
    {% else %}
            guard _rippleChanges(old, newValue) else { return }
    {% endif %}
    {% if member.backgroundRead %}
        {% if member.isNonisolated %}
            _rippleWillSetShared(self, old, RippleKey.{{ member.identifier }})
        {% elif class.hasWillChange %}
            _rippleWillSet(old, RippleKey.{{ member.identifier }})
        {% endif %}
            _rippleLocked(self) { {{ member.storage }} = newValue }
        {% if not member.isNonisolated and not class.hasWillChange %}
            _rippleDidSet(old, RippleKey.{{ member.identifier }})
        {% endif %}
    {% else %}
        {% if class.hasWillChange %}
            _rippleWillSet(old, RippleKey.{{ member.identifier }})
        {% endif %}
            {{ member.storage }} = newValue
        {% if not class.hasWillChange %}
            _rippleDidSet(old, RippleKey.{{ member.identifier }})
        {% endif %}
    {% endif %}
        }
    {% if not member.backgroundRead %}
        _modify {
            _rippleRead(RippleKey.{{ member.identifier }})
            if _rippleMustJournal(RippleKey.{{ member.identifier }}) { _rippleWillModify(RippleKey.{{ member.identifier }}, {{ member.storage }}) }
            yield &{{ member.storage }}
        }
    {% endif %}
{% endif %}
    }

"""#,
        "Class.swift.ripple": #"""
{#
    The extension of one tracked class.

    `class`: name (qualified, `Outer.Inner`), article (`a` or `an`), access (`""` or
    `"public "`) of the accessors and scheme, conformanceAccess of the protocol requirements
    (`"@_spi(RippleGenerated) public "` when public: the runtime's generated-code interface),
    conformances, isRoot, isValidating, isMainActor, and its members: all of them (`members`),
    the stored ones (`storedMembers`), those holding nodes (`nodeMembers`), those with a scheme
    path (`schemeMembers`) and the properties shared with other threads (`backgroundMembers`).
    Members are described in Accessor.swift.ripple.

    The runtime's requirements are met by witnesses that forward to the user's `tracker`,
    `validate()` and transaction hooks, so those can stay internal in a public class.

    Isolation: the runtime calls every requirement on the main actor. The conformance of a
    `@MainActor` class is isolated to it (`conformances` says `@MainActor RippleNode`); a class
    main-actor by its target's default isolation gets the same from the compiler. The descriptor
    is nonisolated, as other classes' descriptors read it from anywhere, and so are the keys of
    nonisolated accessors. A `@MainActor` method of a class that is not explicitly `@MainActor`
    (`validateAssumesMainActor`, ...) is called through `_rippleAssumingMainActor`, which checks
    that it runs there, and so are the nodes of a `@MainActor` class visited
    (`visitAssumesMainActor`). After the extension, `BackgroundNode<Class>` gets the properties
    shared with other threads: the `Sendable` way for background work to reach a nonisolated
    class. (Not the nodes: a node handed out would lead to its other members.)
#}
extension {{ class.name }}: {{ class.conformances }}{% if class.isObservable %}, Observation.Observable{% endif %} {
    /// The change keys of `{{ class.name }}`'s tracked members.
{% if class.members %}
    {{ class.access }}enum RippleKey {
    {% for member in class.members %}
        {{ class.access }}{% if member.isNonisolated %}nonisolated {% endif %}static var {{ member.identifier }}: Int { {{ member.index }} }
    {% endfor %}
    }
{% else %}
    {{ class.access }}enum RippleKey {}
{% endif %}
{% for member in class.members %}

{% include "Accessor.swift.ripple" %}
{% endfor %}

    {{ class.conformanceAccess }}var _rippleTracker: Tracker { tracker }
{% if class.isValidating %}

    {{ class.conformanceAccess }}func _rippleValidate() throws { {% if class.validateAssumesMainActor %}try _rippleAssumingMainActor(self) { try $0.validate() }{% else %}try validate(){% endif %} }
{% endif %}
{% if class.hasWillChange %}

    {{ class.conformanceAccess }}func _rippleTransactionWillChange() { {% if class.willChangeAssumesMainActor %}_rippleAssumingMainActor(self) { $0.transactionWillChange() }{% else %}transactionWillChange(){% endif %} }
{% endif %}
{% if class.hasDidCommit %}

    {{ class.conformanceAccess }}func _rippleTransactionDidCommit() { {% if class.didCommitAssumesMainActor %}_rippleAssumingMainActor(self) { $0.transactionDidCommit() }{% else %}transactionDidCommit(){% endif %} }
{% endif %}
{% if class.hasDidRollBack %}

    {{ class.conformanceAccess }}func _rippleTransactionDidRollBack() { {% if class.didRollBackAssumesMainActor %}_rippleAssumingMainActor(self) { $0.transactionDidRollBack() }{% else %}transactionDidRollBack(){% endif %} }
{% endif %}
{% if class.isObservable %}

    {{ class.conformanceAccess }}func _rippleObservationAccess(_ member: Int) {
        switch member {
    {% for member in class.members %}
        {% if not member.backgroundRead %}
        case RippleKey.{{ member.identifier }}: _rippleAccess(\.{{ member.identifier }})
        {% endif %}
    {% endfor %}
        default: break
        }
    }

    {{ class.conformanceAccess }}func _rippleObservationChange(_ member: Int) {
        switch member {
    {% for member in class.storedMembers %}
        {% if not member.backgroundRead %}
        case RippleKey.{{ member.identifier }}: tracker._observationChange(self, \.{{ member.identifier }})
        {% endif %}
    {% endfor %}
        default: break
        }
    }
{% endif %}

{% if class.members %}
    {{ class.conformanceAccess }}nonisolated static let _rippleDescriptor: NodeDescriptor = NodeDescriptor(name: "{{ class.name }}",{% if class.isValidating %} validates: true,{% endif %}{% if class.hasTransactionHooks %} hasTransactionHooks: true,{% endif %} members: [
    {% for member in class.members %}
{% include "MemberDescriptor.swift.ripple" %}
    {% endfor %}
    ])
{% else %}
    {{ class.conformanceAccess }}nonisolated static let _rippleDescriptor: NodeDescriptor = NodeDescriptor(name: "{{ class.name }}",{% if class.isValidating %} validates: true,{% endif %}{% if class.hasTransactionHooks %} hasTransactionHooks: true,{% endif %} members: [])
{% endif %}

{% if class.nodeMembers %}
    {{ class.conformanceAccess }}func _rippleVisitNodes(of member: Int, _ visit: (any RippleNode) -> Void) {
        switch member {
    {% for member in class.nodeMembers %}
        {% if member.visitAssumesMainActor %}
            {% if member.backgroundRead %}
        case RippleKey.{{ member.identifier }}:
            _rippleAssumingMainActor(self, visiting: visit) { node, visit in _rippleVisit(_rippleLocked(node) { node.{{ member.storage }} }, visit) }
            {% else %}
        case RippleKey.{{ member.identifier }}: _rippleAssumingMainActor(self, visiting: visit) { _rippleVisit($0.{{ member.storage }}, $1) }
            {% endif %}
        {% elif member.backgroundRead %}
        case RippleKey.{{ member.identifier }}: _rippleVisit(_rippleLocked(self) { {{ member.storage }} }, visit)
        {% else %}
        case RippleKey.{{ member.identifier }}: _rippleVisit({{ member.storage }}, visit)
        {% endif %}
    {% endfor %}
        default: break
        }
    }
{% else %}
    {{ class.conformanceAccess }}func _rippleVisitNodes(of member: Int, _ visit: (any RippleNode) -> Void) {}
{% endif %}

{% if class.storedMembers %}
    {{ class.conformanceAccess }}func _rippleIsCurrent(_ member: Int, _ value: Any) -> Bool {
        switch member {
    {% for member in class.storedMembers %}
        case RippleKey.{{ member.identifier }}: {% if member.backgroundRead %}_rippleLocked(self) { {% endif %}{% if member.isNode %}_rippleIsSameNode{% else %}_rippleIsSame{% endif %}({{ member.storage }}, value){% if member.backgroundRead %} }{% endif %}
    {% endfor %}
        default: false
        }
    }

    {{ class.conformanceAccess }}func _rippleValue(of member: Int) -> Any {
        switch member {
    {% for member in class.storedMembers %}
        case RippleKey.{{ member.identifier }}: {% if member.backgroundRead %}_rippleLocked(self) { {% endif %}{{ member.storage }}{% if member.mayBeOptional %} as Any{% endif %}{% if member.backgroundRead %} }{% endif %}
    {% endfor %}
        default: ()
        }
    }

    {{ class.conformanceAccess }}func _rippleRestore(_ member: Int, _ value: Any) {
        switch member {
    {% for member in class.storedMembers %}
        case RippleKey.{{ member.identifier }}: if let value: {{ member.type }} = _rippleCast(value) { {% if member.backgroundRead %}_rippleLocked(self) { {{ member.storage }} = value }{% else %}{{ member.storage }} = value{% endif %} }
    {% endfor %}
        default: break
        }
    }
{% else %}
    {{ class.conformanceAccess }}func _rippleIsCurrent(_ member: Int, _ value: Any) -> Bool { false }

    {{ class.conformanceAccess }}func _rippleValue(of member: Int) -> Any { () }

    {{ class.conformanceAccess }}func _rippleRestore(_ member: Int, _ value: Any) {}
{% endif %}

{% include "Scheme.swift.ripple" %}
}
{% if class.backgroundMembers %}

/// The members of {{ class.article }} `{{ class.name }}` that background work may use, on any thread.
extension BackgroundNode<{{ class.name }}> {
{% for member in class.backgroundMembers %}
    {% if not loop.first %}

    {% endif %}
    {% if member.backgroundWrite %}
    {{ class.access }}{% if member.isNonisolated %}nonisolated {% endif %}var {{ member.identifier }}: {{ member.type }} {
        get { _node.{{ member.identifier }} }
        nonmutating set { _node.{{ member.identifier }} = newValue }
    }
    {% else %}
    {{ class.access }}{% if member.isNonisolated %}nonisolated {% endif %}var {{ member.identifier }}: {{ member.type }} { _node.{{ member.identifier }} }
    {% endif %}
{% endfor %}
}
{% endif %}

"""#,
        "Document.swift.ripple": #"""
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

"""#,
        "File.swift.ripple": #"""
{#
    The generated file: one extension per tracked class, in the order of the inputs.

    Context: `classes`, each as described in Class.swift.ripple, `imports`, the import
    lines of the model files (besides Ripple), `observable`, whether the classes are made
    `Observation.Observable`, and `documents`, whether each class also gets the document
    conformance of Document.swift.ripple. With no classes the file holds only its first
    line, so that a target without annotations needs no `import Ripple`. Ripple is imported
    with its generated-code interface (`@_spi(RippleGenerated)`), which the model's other files
    do not see.
#}
// Generated by ripple-gen from the annotations in the model. Do not edit.
{% if classes %}
{% if observable %}
import Observation
{% endif %}
@_spi(RippleGenerated) import Ripple
{% for line in imports %}
{{ line }}
{% endfor %}

// The runtime this code was generated for: a Ripple that needs newer generated code marks
// this name unavailable, with a message that says to regenerate.
private typealias _RippleGeneratedFor = _RippleGeneratedCode.Version2
{% for class in classes %}

// MARK: - {{ class.name }}

{% include "Class.swift.ripple" %}
{% if documents %}

{% include "Document.swift.ripple" %}
{% endif %}
{% endfor %}
{% endif %}

"""#,
        "MemberDescriptor.swift.ripple": #"""
{#
    The `MemberDescriptor` of one member, an element of `_rippleDescriptor`'s member list.
    Dependencies are change-key steps, each commented with the path it was written as.
#}
{% if member.dependencies %}
        MemberDescriptor(
            name: "{{ member.name }}", kind: {% if member.isNode %}.node(.{{ member.shape }}, { {{ member.nodeClass }}._rippleDescriptor }){% else %}.property{% endif %},
            options: [{% for option in member.options %}.{{ option }}{% if not loop.last %}, {% endif %}{% endfor %}], changeKey: {{ member.changeKey }},
            dependencies: [
    {% for dependency in member.dependencies %}
                [{% for step in dependency.steps %}{% if step.isAll %}.all{% else %}.member({{ step.member }}){% endif %}{% if not loop.last %}, {% endif %}{% endfor %}],  // {{ dependency.text }}
    {% endfor %}
            ]),
{% else %}
        MemberDescriptor(name: "{{ member.name }}", kind: {% if member.isNode %}.node(.{{ member.shape }}, { {{ member.nodeClass }}._rippleDescriptor }){% else %}.property{% endif %}, {% if member.options %}options: [{% for option in member.options %}.{{ option }}{% if not loop.last %}, {% endif %}{% endfor %}], {% endif %}changeKey: {{ member.changeKey }}),{% if member.isShared %}  // shares the change key of '{{ member.sharedProperty }}'{% endif %}
{% endif %}

"""#,
        "Scheme.swift.ripple": #"""
{#
    The typed paths of a class: `Library.scheme.catalog.total`. Node members lead to the
    scheme of their class; computed on demand, so recursive models work.
#}
{% if class.isRoot %}
    /// The typed paths of {{ class.article }} `{{ class.name }}` model, for `reads:` and `writes:`.
{% else %}
    /// The typed paths of a model rooted at {{ class.article }} `{{ class.name }}`.
{% endif %}
    {{ class.access }}static var scheme: RippleScheme<{{ class.name }}> { RippleScheme(ModelPath()) }

    /// The paths below {{ class.article }} `{{ class.name }}` node.
    {{ class.access }}struct RippleScheme<Root: RippleNode>: SchemeNode {
        {{ class.access }}let modelPath: ModelPath<Root>

        {{ class.access }}init(_ path: ModelPath<Root>) { modelPath = path }
{% if class.schemeMembers %}

{% endif %}
{% for member in class.schemeMembers %}
    {% if member.isNode %}
        {{ class.access }}var {{ member.identifier }}: {{ member.nodeClass }}.RippleScheme<Root> { .init(modelPath.appending(RippleKey.{{ member.identifier }})) }
    {% else %}
        {{ class.access }}var {{ member.identifier }}: PropertyPath<Root, {{ member.type }}> { PropertyPath(modelPath.appending(RippleKey.{{ member.identifier }})) }
    {% endif %}
{% endfor %}
    }

"""#,
    ]
}
