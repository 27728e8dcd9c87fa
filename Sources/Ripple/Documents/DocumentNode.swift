/// A tracked class that documents save and open: generated when the model's target uses
/// documents (`"documents": true` in `ripple.json`, or `ripple-gen --documents`).
///
/// You never write this conformance yourself: the generator writes, for every saved member
/// (not `discardable`, `derived` nor computed), how to write it into a document and read it
/// back, and how to describe and apply its change in a ``Patch``.
public protocol DocumentNode: RippleNode {
    /// A node with its initial values, made through the class's `init()`.
    @_spi(RippleGenerated) static func _rippleMake() -> any DocumentNode
    /// Writes every saved member.
    @_spi(RippleGenerated) func _rippleSave(to node: inout DocumentNodeWriter) throws
    /// Takes every saved member written by ``_rippleSave(to:)`` for a compaction, on the main
    /// actor: values that are `Sendable` as they are, to be encoded elsewhere.
    @_spi(RippleGenerated) func _rippleCapture(to capture: inout DocumentCapture) throws
    /// Reads every saved member written by ``_rippleSave(to:)`` into storage (the node is in no
    /// mediator's model yet); a member the document does not hold keeps its initial value.
    @_spi(RippleGenerated) func _rippleOpen(from node: DocumentNodeReader) throws
    /// Describes the change of member `member` from `old` to its current value.
    @_spi(RippleGenerated) func _rippleSaveChange(of member: Int, old: Any, to change: inout DocumentChangeWriter) throws
    /// Applies a change of member `member` through its tracked accessor.
    @_spi(RippleGenerated) func _rippleApplyChange(to member: Int, _ change: DocumentChangeReader) throws
}

/// The root class of a model that documents save and open.
///
/// The root may declare the version of its documents and how to migrate older ones; the
/// generator finds them in the class or an extension:
///
/// ```swift
/// extension Library {
///     static let documentVersion = 2
///
///     static func migrateDocument(_ document: inout DocumentMigration, from version: Int) throws {
///         if version < 2 {
///             document.forEachNode(ofType: "Shelf") { values in
///                 values["title"] = values.removeValue(forKey: "name")
///             }
///         }
///     }
/// }
/// ```
public protocol DocumentRoot: DocumentNode, RippleRoot {
    /// The version of the documents this model writes (1 when the root declares none).
    @_spi(RippleGenerated) static var _rippleDocumentVersion: Int { get }
    /// Every class of the model by its name, to make the nodes of a document being opened.
    @_spi(RippleGenerated) static var _rippleDocumentTypes: [String: any DocumentNode.Type] { get }
    /// Brings a document of an older version up to ``_rippleDocumentVersion``.
    @_spi(RippleGenerated) static func _rippleMigrate(_ document: inout DocumentMigration, from version: Int) throws
}

extension DocumentRoot {
    /// No migration declared: an older document opens as it is.
    @_spi(RippleGenerated) public static func _rippleMigrate(_ document: inout DocumentMigration, from version: Int) throws {}
}

extension DocumentRoot {
    /// A root with its initial values, made through the class's `init()`.
    @_spi(RippleGenerated) public static func _rippleMakeRoot() -> Self {
        guard let root = _rippleMake() as? Self else {
            // Only generated code out of step with its model makes another class.
            preconditionFailure("\(Self.self)._rippleMake() made a \(type(of: _rippleMake())): regenerate the model's code")
        }
        return root
    }
}
