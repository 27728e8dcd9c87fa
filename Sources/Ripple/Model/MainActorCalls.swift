// The generated witnesses of a class that is not explicitly `@MainActor` run wherever its
// conformance does: nonisolated, or on the main actor when the target's default isolation makes
// the class main-actor. The runtime calls them on the main actor only. Where such a witness must
// call something isolated to the main actor (a `@MainActor validate()` or hook, the conformance
// of a `@MainActor` child class), it goes through these functions, which check that they run on
// the main actor and then call `body` as if they were isolated to it.
//
// `body` receives what it works on as arguments and captures nothing, so that handing it over
// sends nothing across isolation domains (`MainActor.assumeIsolated` with a closure capturing
// `self` would be refused for a class that is not `Sendable`).

/// Calls `body` with `node`, on the main actor, where the runtime calls the witness that asks.
@inlinable
@_spi(RippleGenerated) public func _rippleAssumingMainActor<Node: AnyObject, Result>(
    _ node: Node, _ body: @MainActor (Node) throws -> Result
) rethrows -> Result {
    MainActor.preconditionIsolated("Ripple calls into the model on the main actor")
    return try withoutActuallyEscaping(body) { body in
        // What `MainActor.assumeIsolated` does: a main-actor function, called on the main
        // actor, has the representation of a nonisolated one.
        try unsafeBitCast(body, to: ((Node) throws -> Result).self)(node)
    }
}

/// Calls `body` with `node` and `visit`, on the main actor: a node visit of
/// `_rippleVisitNodes` through members that hold nodes of a `@MainActor` class.
@inlinable
@_spi(RippleGenerated) public func _rippleAssumingMainActor<Node: AnyObject>(
    _ node: Node, visiting visit: (any RippleNode) -> Void, _ body: @MainActor (Node, (any RippleNode) -> Void) -> Void
) {
    MainActor.preconditionIsolated("Ripple calls into the model on the main actor")
    withoutActuallyEscaping(visit) { visit in
        withoutActuallyEscaping(body) { body in
            unsafeBitCast(body, to: ((Node, (any RippleNode) -> Void) -> Void).self)(node, visit)
        }
    }
}

// Documents: the witnesses of `DocumentNode` reach the members that hold nodes of a `@MainActor`
// class with their document writer, reader or change, handed to `body` as arguments too.

/// Calls `body` with `node` and `argument`, on the main actor: a document reader, or a change to
/// apply, of a member holding nodes of a `@MainActor` class.
@inlinable
@_spi(RippleGenerated) public func _rippleAssumingMainActor<Node: AnyObject, Argument, Result>(
    _ node: Node, _ argument: Argument, _ body: @MainActor (Node, Argument) throws -> Result
) rethrows -> Result {
    MainActor.preconditionIsolated("Ripple calls into the model on the main actor")
    return try withoutActuallyEscaping(body) { body in
        try unsafeBitCast(body, to: ((Node, Argument) throws -> Result).self)(node, argument)
    }
}

/// Calls `body` with `node` and `argument`, which it may change, on the main actor: a document
/// writer saving a member that holds nodes of a `@MainActor` class.
@inlinable
@_spi(RippleGenerated) public func _rippleAssumingMainActor<Node: AnyObject, Argument, Result>(
    _ node: Node, _ argument: inout Argument, _ body: @MainActor (Node, inout Argument) throws -> Result
) rethrows -> Result {
    MainActor.preconditionIsolated("Ripple calls into the model on the main actor")
    return try withoutActuallyEscaping(body) { body in
        try unsafeBitCast(body, to: ((Node, inout Argument) throws -> Result).self)(node, &argument)
    }
}

/// Calls `body` with `node`, `argument`, which it may change, and `old`, on the main actor: the
/// change of a member that holds nodes of a `@MainActor` class, from its old value.
@inlinable
@_spi(RippleGenerated) public func _rippleAssumingMainActor<Node: AnyObject, Argument, Result>(
    _ node: Node, _ argument: inout Argument, _ old: Any, _ body: @MainActor (Node, inout Argument, Any) throws -> Result
) rethrows -> Result {
    MainActor.preconditionIsolated("Ripple calls into the model on the main actor")
    return try withoutActuallyEscaping(body) { body in
        try unsafeBitCast(body, to: ((Node, inout Argument, Any) throws -> Result).self)(node, &argument, old)
    }
}

/// Calls `body` on the main actor: the list of a model's classes in a root that is not
/// explicitly `@MainActor` (`DocumentRoot._rippleDocumentTypes`), which names the conformances
/// of its `@MainActor` classes.
@inlinable
@_spi(RippleGenerated) public func _rippleAssumingMainActor<Result>(_ body: @MainActor () throws -> Result) rethrows -> Result {
    MainActor.preconditionIsolated("Ripple calls into the model on the main actor")
    return try withoutActuallyEscaping(body) { body in
        try unsafeBitCast(body, to: (() throws -> Result).self)()
    }
}
