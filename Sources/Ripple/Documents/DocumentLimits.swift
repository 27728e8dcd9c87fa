/// How large and how deep a document may be when it comes from outside: a snapshot opened, a
/// patch applied, a store's files read. Past a limit it is refused with
/// ``DocumentError/tooLarge(reason:)``, and nothing is opened or changed.
///
/// A snapshot, a patch or a store's files may come from anywhere (a network, a damaged disk):
/// the limits keep what they hold from exhausting the process. The depth limit is there for
/// the stack: Swift releases a node by releasing what it holds, one call inside the other, so
/// a chain of nodes tens of thousands deep overflows the stack when the model is released.
/// Measured on Linux (x86-64, `Tests/Fuzz/measure-release-depth.sh`) with nodes holding their
/// children in arrays, releasing a chain overflowed past 1,466 levels on a thread with a 512 KB
/// stack (the size of a secondary thread's on Apple platforms; 2,027 in an optimized build) and
/// past 23,725 on the 8 MB main thread (32,707 optimized). The default, 1,000, keeps a release
/// safe on any thread with room to spare, and leaves recursive models (outlines, replies to
/// replies) 1,000 levels.
///
/// Raise them at launch for every document, or for one:
///
/// ```swift
/// DocumentLimits.default.maximumDepth = 5_000     // the app releases its models on the main thread
/// let mediator = try Mediator<Outline>(opening: data, limits: DocumentLimits(maximumNodes: 5_000_000))
/// ```
///
/// What the app builds itself through updates is limited only where it is written for others
/// to read: a ``DocumentStore``'s update or a replica's that would nest deeper than its limits
/// is refused, and so is a ``Mediator/snapshot()`` of a document deeper than the mediator's.
public struct DocumentLimits: Sendable, Equatable {
    /// The deepest nodes may nest below the root: the most nodes from the root down to a node,
    /// each counted where it is nearest the root (the root not counted). A reference across
    /// the document (a task waiting for another) or back (a node's parent, the root) does not
    /// deepen it; every chain of nodes each held by the one before, references included, is
    /// held to 10,000 nodes, or to this limit when raised past that. A merge may nest a
    /// replica's document deeper (see <doc:EditingTogether>). 1,000 unless raised.
    public var maximumDepth: Int
    /// The most nodes a snapshot may hold, or a patch bring. 1,000,000 unless raised (opening
    /// takes roughly 0.3 to 1 KB of memory a node, with its saved values).
    public var maximumNodes: Int
    /// The most bytes a snapshot, or the values of a patch together, may take. 256 MiB unless
    /// raised.
    public var maximumBytes: Int

    /// Limits of your choice; the others keep their default values.
    ///
    /// - Parameters:
    ///   - maximumDepth: The deepest nodes may nest below the root (see ``maximumDepth``).
    ///   - maximumNodes: The most nodes a snapshot may hold, or a patch bring.
    ///   - maximumBytes: The most bytes a snapshot, or a patch's values, may take.
    public init(maximumDepth: Int = 1_000, maximumNodes: Int = 1_000_000, maximumBytes: Int = 256 << 20) {
        self.maximumDepth = maximumDepth
        self.maximumNodes = maximumNodes
        self.maximumBytes = maximumBytes
    }

    /// The longest chain of nodes each held by the one before, references included (a task
    /// waiting for a task waiting for another), that any document may hold: 10,000, or the
    /// depth limit when raised past it. Swift releases a chain of references as deep as a
    /// chain of nesting, and the mediator lets go of its model on the main thread, whose stack
    /// takes more than twice that (see above). It also bounds how deep merges may nest a
    /// document (see <doc:EditingTogether>).
    var maximumChain: Int { max(maximumDepth, 10_000) }

    /// Why a document is refused as too deep, after "its nodes": they nest deeper than the
    /// limit (or than merges nested them, `allowance`), or hold too long a chain.
    func depthRefusal(allowance: Int = 0) -> String {
        "nest deeper than \(max(maximumDepth, allowance)) levels (DocumentLimits.maximumDepth), or hold a chain of more than "
            + "\(maximumChain) nodes each held by the one before, references included"
    }

    /// The limits that opening a snapshot or a store, and applying a patch, use when not given
    /// others: set it at launch to raise them for every document of the app.
    @MainActor public static var `default` = DocumentLimits()
}
