// Generated from the files of Templates/ by BuiltInTemplatesTests. Do not edit.
// After changing a template: RIPPLE_RECORD=1 swift test --filter BuiltInTemplatesTests

extension TemplateSet {
    /// The source of the built-in template `Accessor.swift.ripple`.
    static let builtInAccessor = #"""
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
    when the change is delivered. A node array's `_modify` (but in a class with
    transactionWillChange()) hands its old value to the runtime instead, so that an insert,
    append or removal journals the run it replaces, not a copy of the array
    (`_rippleBeginArrayEdit`, Model/NodeArrayEdits.swift); a dictionary's or set's of nodes, so
    that putting or removing one key or element journals that one, not a copy of the collection
    (`_rippleBeginKeyedEdit`, Model/NodeKeyedEdits.swift). Members shared with background threads keep get and set:
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
    {% if not member.backgroundRead and member.shape == "array" and not class.hasWillChange %}
        _modify {
            _rippleRead(RippleKey.{{ member.identifier }})
            if _rippleMustJournal(RippleKey.{{ member.identifier }}) {
                let outer = _rippleBeginArrayEdit(RippleKey.{{ member.identifier }}, {{ member.storage }})
                defer { _rippleEndArrayEdit(RippleKey.{{ member.identifier }}, {{ member.storage }}, outer: outer) }
                yield &{{ member.storage }}
            } else {
                yield &{{ member.storage }}
            }
        }
    {% elif not member.backgroundRead and (member.shape == "set" or member.shape == "dictionary") and not class.hasWillChange %}
        _modify {
            _rippleRead(RippleKey.{{ member.identifier }})
            if _rippleMustJournal(RippleKey.{{ member.identifier }}) {
                let outer = _rippleBeginKeyedEdit(RippleKey.{{ member.identifier }}, {{ member.storage }})
                defer { _rippleEndKeyedEdit(RippleKey.{{ member.identifier }}, {{ member.storage }}, outer: outer) }
                yield &{{ member.storage }}
            } else {
                yield &{{ member.storage }}
            }
        }
    {% elif not member.backgroundRead %}
        _modify {
            _rippleRead(RippleKey.{{ member.identifier }})
            if _rippleMustJournal(RippleKey.{{ member.identifier }}) { _rippleWillModify(RippleKey.{{ member.identifier }}, {{ member.storage }}) }
            yield &{{ member.storage }}
        }
    {% endif %}
{% endif %}
    }

"""#
}
