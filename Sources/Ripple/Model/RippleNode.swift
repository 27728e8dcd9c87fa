/// A class whose annotated members Ripple tracks.
///
/// You never write this conformance yourself: `ripple-gen` generates it, together with the
/// tracked accessors, for every class annotated `// ripple: node`. The requirements whose
/// names start with `_ripple` are the generated plumbing the runtime walks; they are public
/// only because generated code lives in your module.
public protocol RippleNode: AnyObject {
    /// The node's bookkeeping; declare it as `let tracker = Tracker()`.
    var tracker: Tracker { get }

    /// The tracked members of this class, in change-key order.
    static var _rippleDescriptor: NodeDescriptor { get }

    /// Calls `visit` with every node that member `member` currently holds.
    func _rippleVisitNodes(of member: Int, _ visit: (any RippleNode) -> Void)

    /// Whether member `member` currently holds a value equal (or, for nodes, identical) to
    /// `value`; always `false` for types that are not `Equatable`.
    func _rippleIsCurrent(_ member: Int, _ value: Any) -> Bool

    /// The current value of stored member `member`, for the undo journal.
    func _rippleValue(of member: Int) -> Any

    /// Puts `value` back into the storage of member `member`, without tracking.
    func _rippleRestore(_ member: Int, _ value: Any)
}

/// The root class of a model: the one class annotated `// ripple: root`.
///
/// A ``Mediator`` is created over a root; everything reachable from it is its model.
public protocol RippleRoot: RippleNode {}

/// A node that checks its own consistency at the end of every transaction that writes it
/// or one of its descendants.
///
/// ```swift
/// extension Shelf: RippleValidating {
///     func validate() throws {
///         if title.isEmpty { throw ShelfError.emptyTitle }
///     }
/// }
/// ```
public protocol RippleValidating: RippleNode {
    /// Throws when the node is not consistent; the whole transaction is then rolled back.
    func validate() throws
}

// MARK: - Generated accessor support

extension RippleNode {
    /// Records a read of member `member`: free unless contracts are being checked.
    @inlinable @inline(__always)
    public func _rippleRead(_ member: Int) {
        if _slowPath(_rippleChecksReads) { _rippleDidRead(self, member) }
    }

    /// Writes `newValue` into `storage` unless it is `==` to what is there.
    @inlinable @inline(__always)
    public func _rippleWrite<Value: Equatable>(_ storage: inout Value, _ newValue: Value, _ member: Int) {
        if storage == newValue { return }
        if _slowPath(_rippleIsRecording || tracker._isWatched) { _rippleWillWrite(self, member, storage) }
        storage = newValue
    }

    /// Writes `newValue` into `storage`; values that are not `Equatable` always count as changed.
    @inlinable @inline(__always)
    public func _rippleWrite<Value>(_ storage: inout Value, _ newValue: Value, _ member: Int) {
        if _slowPath(_rippleIsRecording || tracker._isWatched) { _rippleWillWrite(self, member, storage) }
        storage = newValue
    }

    /// Writes a child node unless it is the very same object.
    @inlinable @inline(__always)
    public func _rippleWriteNode<Node: AnyObject>(_ storage: inout Node, _ newValue: Node, _ member: Int) {
        if storage === newValue { return }
        if _slowPath(_rippleIsRecording || tracker._isWatched) { _rippleWillWrite(self, member, storage) }
        storage = newValue
    }

    /// Writes an optional child node unless it is the very same object (or both are `nil`).
    @inlinable @inline(__always)
    public func _rippleWriteNode<Node: AnyObject>(_ storage: inout Node?, _ newValue: Node?, _ member: Int) {
        if storage === newValue { return }
        if _slowPath(_rippleIsRecording || tracker._isWatched) { _rippleWillWrite(self, member, storage) }
        storage = newValue
    }

    /// Writes a collection of child nodes unless it holds the same objects in the same order.
    @inlinable
    public func _rippleWriteNode<Nodes: Collection>(_ storage: inout Nodes, _ newValue: Nodes, _ member: Int)
    where Nodes.Element: AnyObject {
        if _rippleSameNodes(storage, newValue) { return }
        if _slowPath(_rippleIsRecording || tracker._isWatched) { _rippleWillWrite(self, member, storage) }
        storage = newValue
    }

    /// Writes an optional collection of child nodes unless nothing changes.
    @inlinable
    public func _rippleWriteNode<Nodes: Collection>(_ storage: inout Nodes?, _ newValue: Nodes?, _ member: Int)
    where Nodes.Element: AnyObject {
        if _rippleSameNodes(storage, newValue) { return }
        if _slowPath(_rippleIsRecording || tracker._isWatched) { _rippleWillWrite(self, member, storage) }
        storage = newValue
    }

    /// Writes a dictionary of child nodes unless it maps the same keys to the same objects.
    @inlinable
    public func _rippleWriteNode<Key, Node: AnyObject>(_ storage: inout [Key: Node], _ newValue: [Key: Node], _ member: Int) {
        if _rippleSameNodes(storage, newValue) { return }
        if _slowPath(_rippleIsRecording || tracker._isWatched) { _rippleWillWrite(self, member, storage) }
        storage = newValue
    }

    /// Writes an optional dictionary of child nodes unless nothing changes.
    @inlinable
    public func _rippleWriteNode<Key, Node: AnyObject>(_ storage: inout [Key: Node]?, _ newValue: [Key: Node]?, _ member: Int) {
        if _rippleSameNodes(storage, newValue) { return }
        if _slowPath(_rippleIsRecording || tracker._isWatched) { _rippleWillWrite(self, member, storage) }
        storage = newValue
    }
}

extension RippleNode {
    /// Writes a set of child nodes unless it holds the same members.
    @inlinable
    public func _rippleWriteNode<Node: AnyObject & Hashable>(_ storage: inout Set<Node>, _ newValue: Set<Node>, _ member: Int) {
        if storage == newValue { return }
        if _slowPath(_rippleIsRecording || tracker._isWatched) { _rippleWillWrite(self, member, storage) }
        storage = newValue
    }

    /// Writes an optional set of child nodes unless nothing changes.
    @inlinable
    public func _rippleWriteNode<Node: AnyObject & Hashable>(_ storage: inout Set<Node>?, _ newValue: Set<Node>?, _ member: Int) {
        if storage == newValue { return }
        if _slowPath(_rippleIsRecording || tracker._isWatched) { _rippleWillWrite(self, member, storage) }
        storage = newValue
    }
}
