/// One item of an annotation: a word such as `readOnly`, or `key = value`.
package struct AnnotationItem: Equatable, Sendable {
    /// Every item the annotation language knows.
    ///
    /// The raw value is the spelling in source; the order of the cases is the order in which
    /// messages list them.
    package enum Name: String, CaseIterable, Hashable, Sendable {
        /// On a class: the one root class of the model. Reported when missing (if there are
        /// nodes) and when given twice.
        case root
        /// On a class: a tracked class. On a `var`: a child node, `T`, `T?`, `[T]`, `[T]?`,
        /// `Set<T>`, `[K: T]` or `[K: T]?` where `T` is a node class.
        case node
        /// On a `var`: a tracked value of any type.
        case property
        /// `shared = name`, on a `var`: writes bump the change key of property `name` of the
        /// same class. The member gets an accessor but no scheme path. Implies `property`.
        case shared
        /// `type = T`, on a node `var`: the node class, when the declared type does not show it
        /// (a typealias). The shape comes from the declared type if it shows one (`Alias?`,
        /// `[Alias]`); for a plain name, from the initializer: `[]` is an array, `[:]` a
        /// dictionary, `T(...)` a single node; anything else is an error asking for the type.
        case type
        /// On a computed `var`: no setter. Required on computed members, an error on stored
        /// ones (whose writes would then escape tracking).
        case readOnly
        /// `dependency = [path, ...]`, on a readOnly computed `var`: what it reads, as paths
        /// from its class through node members (`catalog.total`), optionally ending in `all`.
        case dependency
        /// On a stored `var`: UI state; notifies, but is neither saved state nor undone.
        case discardable
        /// On a stored `var`: written by processors; notifies, but is neither saved state nor
        /// undone.
        case derived
        /// On a stored `var`: readable from any thread, under a lock.
        case allowBackgroundRead
        /// On a stored `var`: readable and writable from any thread; writes skip transactions.
        case allowBackgroundWrite

        /// The item `spelling` names, or `nil`.
        package init?(spelling: String) {
            self.init(rawValue: spelling)
        }

        /// The item the UTF-8 `bytes` spell, or `nil`: read where an annotation is written,
        /// without making a string of it.
        init?(bytes: ArraySlice<UInt8>) {
            // Only the spellings of the same length are compared.
            guard let name = Self.spellings.first(where: { $0.bytes.count == bytes.count && $0.bytes.elementsEqual(bytes) })
            else { return nil }
            self = name.name
        }

        /// Every item with its spelling as UTF-8 bytes.
        private static let spellings = allCases.map { (name: $0, bytes: Array($0.rawValue.utf8)) }

        /// A bit of its own, to keep a set of names in an integer.
        var bit: UInt16 {
            let position: UInt16 = switch self {
            case .root: 0
            case .node: 1
            case .property: 2
            case .shared: 3
            case .type: 4
            case .readOnly: 5
            case .dependency: 6
            case .discardable: 7
            case .derived: 8
            case .allowBackgroundRead: 9
            case .allowBackgroundWrite: 10
            }
            return 1 << position
        }

        /// Whether the item can annotate a class.
        package var appliesToClasses: Bool { self == .root || self == .node }

        /// Whether the item can annotate a member.
        package var appliesToMembers: Bool { self != .root }

        /// What kind of value the item takes.
        package var valueForm: ValueForm {
            switch self {
            case .shared: .name
            case .type: .typeName
            case .dependency: .pathList
            default: .none
            }
        }

        /// How the item is written, for messages: `shared = name`.
        package var usage: String {
            switch valueForm {
            case .none: rawValue
            case .name: "\(rawValue) = name"
            case .typeName: "\(rawValue) = T"
            case .pathList: "\(rawValue) = [path, ...]"
            }
        }
    }

    /// The value an item takes.
    package enum ValueForm: Equatable, Sendable {
        /// A plain word: `readOnly`.
        case none
        /// One name without dots: `shared = total`.
        case name
        /// A type name, dots allowed: `type = Outer.Shelf`.
        case typeName
        /// One path or a bracketed list of paths: `dependency = [selectedID, shelves.all]`.
        case pathList
    }

    /// The item's word as written, which may be unknown (`readonly`).
    package var spelling: String
    /// The known item it names; `nil` for an unknown word (reported by the scheme builder).
    /// Usually the item spelled so; a dialect may read another spelling as a known item
    /// (Quantwm's `sharedProperty` is ``Name/shared``).
    package var name: Name?
    /// The value after `=`, if any.
    package var value: AnnotationValue?
    /// Where the item's word starts.
    package var location: SourceLocation

    /// Creates an item that names the known item spelled `spelling`, if any.
    package init(spelling: String, value: AnnotationValue? = nil, location: SourceLocation) {
        self.init(spelling: spelling, name: Name(spelling: spelling), value: value, location: location)
    }

    /// Creates an item that names `name` whatever its spelling, as dialects need.
    package init(spelling: String, name: Name?, value: AnnotationValue?, location: SourceLocation) {
        self.spelling = spelling
        self.name = name
        self.value = value
        self.location = location
    }
}
