/// A class whose annotated members Ripple tracks.
///
/// You never write this conformance yourself: `ripple-gen` generates it, together with the
/// tracked accessors, for every class annotated `// ripple: node`. The requirements whose
/// names start with `_ripple` are the generated plumbing the runtime walks; they are public
/// only because generated code lives in your module.
///
/// The runtime uses the conformance on the main actor only, so the conformance of a
/// `@MainActor` class is isolated to it (`extension Library: @MainActor RippleRoot`), and so is
/// that of a class made main-actor by its target's default isolation; see <doc:Isolation>.
public protocol RippleNode: AnyObject {
    /// The node's bookkeeping: the generated witness of your `let tracker = Tracker()`,
    /// which can then stay `internal` in a `public` class.
    @_spi(RippleGenerated) var _rippleTracker: Tracker { get }

    /// The tracked members of this class, in change-key order.
    @_spi(RippleGenerated) static var _rippleDescriptor: NodeDescriptor { get }

    /// Calls `visit` with every node that member `member` currently holds.
    @_spi(RippleGenerated) func _rippleVisitNodes(of member: Int, _ visit: (any RippleNode) -> Void)

    /// Whether member `member` currently holds a value equal (or, for nodes, identical) to
    /// `value`; always `false` for types that are not `Equatable`.
    @_spi(RippleGenerated) func _rippleIsCurrent(_ member: Int, _ value: Any) -> Bool

    /// The current value of stored member `member`, for the undo journal.
    @_spi(RippleGenerated) func _rippleValue(of member: Int) -> Any

    /// Puts `value` back into the storage of member `member`, without tracking.
    @_spi(RippleGenerated) func _rippleRestore(_ member: Int, _ value: Any)

    /// Runs the class's own `func validate() throws`, for a class that declares one (its
    /// descriptor then says ``NodeDescriptor/validates``).
    ///
    /// Declare `validate()` in the class or in an extension, at any access level the
    /// generated file can see (`internal` is enough, also in a `public` class): the generator
    /// finds it and writes this witness. An update whose `validate()` throws is rolled back:
    ///
    /// ```swift
    /// extension Shelf {
    ///     func validate() throws {
    ///         if title.isEmpty { throw ShelfError.emptyTitle }
    ///     }
    /// }
    /// ```
    @_spi(RippleGenerated) func _rippleValidate() throws

    /// Runs the class's `func transactionWillChange()`: once per transaction, before the
    /// node's first write. Like `validate()`, found by the generator in the class or an
    /// extension; `internal` is enough.
    @_spi(RippleGenerated) func _rippleTransactionWillChange()

    /// Runs the class's `func transactionDidCommit()`: at the end of a transaction (the update
    /// and its refresh) that wrote the node.
    @_spi(RippleGenerated) func _rippleTransactionDidCommit()

    /// Runs the class's `func transactionDidRollBack()`: after a transaction that wrote the
    /// node was rolled back (its values are back by then).
    @_spi(RippleGenerated) func _rippleTransactionDidRollBack()

    /// Reports a read of member `member` to Observation (classes generated with `observable`).
    @_spi(RippleGenerated) func _rippleObservationAccess(_ member: Int)

    /// Tells Observation that member `member` changed (classes generated with `observable`);
    /// called when a committed change is delivered, never for equal or rolled-back writes.
    @_spi(RippleGenerated) func _rippleObservationChange(_ member: Int)
}

extension RippleNode {
    /// Nothing to check: the class declares no `validate()`.
    @_spi(RippleGenerated) public func _rippleValidate() throws {}

    /// No hook declared.
    @_spi(RippleGenerated) public func _rippleTransactionWillChange() {}

    /// No hook declared.
    @_spi(RippleGenerated) public func _rippleTransactionDidCommit() {}

    /// No hook declared.
    @_spi(RippleGenerated) public func _rippleTransactionDidRollBack() {}

    /// Not observable: nothing to report.
    @_spi(RippleGenerated) public func _rippleObservationAccess(_ member: Int) {}

    /// Not observable: nothing to report.
    @_spi(RippleGenerated) public func _rippleObservationChange(_ member: Int) {}
}

/// The root class of a model: the one class annotated `// ripple: root`.
///
/// A ``Mediator`` is created over a root; everything reachable from it is its model.
public protocol RippleRoot: RippleNode {}

// MARK: - Generated accessor support

extension RippleNode {
    /// Records a read of member `member`: free unless contracts are being checked.
    @inlinable @inline(__always)
    @_spi(RippleGenerated) public func _rippleRead(_ member: Int) {
        if _slowPath(AccessorRouting.checksReads) { AccessorRouting.didRead(self, member) }
    }

    /// Journals `old` after a setter stored a new value, when an update records writes or
    /// someone watches this node and the member was not journaled yet in this segment. Called
    /// after the store, so the fast path needs no retain and no exclusivity check.
    @inlinable @inline(__always)
    @_spi(RippleGenerated) public func _rippleDidSet<Value>(_ old: Value, _ member: Int) {
        if _rippleMustJournal(member) { AccessorRouting.willWrite(self, member, old) }
    }

    /// Journals `old` before a setter stores a new value: the setters of a class with
    /// `transactionWillChange()`, whose hook must run before the node's first change.
    @inlinable @inline(__always)
    @_spi(RippleGenerated) public func _rippleWillSet<Value>(_ old: Value, _ member: Int) {
        if _rippleMustJournal(member) { AccessorRouting.willWrite(self, member, old) }
    }

    /// Whether a write of member `member` must journal the value it replaces: an update
    /// records writes or someone watches this node, and this segment has not journaled the
    /// member yet (the first old value is what counts).
    ///
    /// An in-place edit (`_modify`) asks this before it yields the storage: when the answer
    /// is no, nothing else holds the storage, so the edit costs what it costs on a plain value.
    @inlinable @inline(__always)
    @_spi(RippleGenerated) public func _rippleMustJournal(_ member: Int) -> Bool {
        guard _slowPath(AccessorRouting.isRecording || _rippleTracker._isWatched) else { return false }
        let tracker = self._rippleTracker
        return member >= 64 || tracker.journalEpoch != AccessorRouting.journalEpoch
            || tracker.journaledMembers & (1 &<< UInt64(member)) == 0
    }

    /// Journals the value of member `member` before an in-place edit changes it.
    @inlinable
    @_spi(RippleGenerated) public func _rippleWillModify<Value>(_ member: Int, _ old: Value) {
        AccessorRouting.willWrite(self, member, old)
    }
}
