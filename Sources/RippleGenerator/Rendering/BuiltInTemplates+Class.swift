// Generated from the files of Templates/ by BuiltInTemplatesTests. Do not edit.
// After changing a template: RIPPLE_RECORD=1 swift test --filter BuiltInTemplatesTests

extension TemplateSet {
    /// The source of the built-in template `Class.swift.ripple`.
    static let builtInClass = #"""
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

"""#
}
