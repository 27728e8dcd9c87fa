/// A path from a class of a model to what a registration reads or writes.
///
/// You rarely spell one out: the generated scheme builds them, as in
/// `Library.scheme.catalog.total` or `Library.scheme.shelves.all`. A path through a collection
/// reaches every element; `.all` reaches every member of every node below.
public struct ModelPath<Root: RippleNode>: Hashable, Sendable, CustomStringConvertible {
    /// The steps from `Root`.
    @_spi(RippleGenerated) public let steps: [PathStep]

    /// Creates a path from `Root` along `steps`.
    @_spi(RippleGenerated) public init(steps: [PathStep] = []) {
        self.steps = steps
    }

    /// This path extended to member `member` of the class it reaches.
    @_spi(RippleGenerated) public func appending(_ member: Int) -> ModelPath<Root> {
        ModelPath(steps: steps + [.member(member)])
    }

    /// Everything below the node(s) this path reaches.
    public var all: ModelPath<Root> {
        ModelPath(steps: steps + [.all])
    }

    /// The path written with member names, e.g. `Library.shelves.entries`.
    public var description: String {
        PathDescription.describe(steps, from: Root._rippleDescriptor)
    }
}

/// Anything that stands for a path of a model: scheme nodes, property paths, `ModelPath`.
public protocol ModelPathConvertible<Root> {
    /// The class the path starts from.
    associatedtype Root: RippleNode
    /// The path this value stands for.
    var modelPath: ModelPath<Root> { get }
}

extension ModelPath: ModelPathConvertible {
    public var modelPath: ModelPath<Root> { self }
}

/// The path to one tracked value, typed with the value it reaches.
///
/// `Library.scheme.catalog.total` is a `PropertyPath<Library, Int>`.
public struct PropertyPath<Root: RippleNode, Value>: ModelPathConvertible, Hashable, Sendable, CustomStringConvertible {
    public let modelPath: ModelPath<Root>

    /// Wraps an untyped path.
    @_spi(RippleGenerated) public init(_ modelPath: ModelPath<Root>) {
        self.modelPath = modelPath
    }

    public var description: String { modelPath.description }
}

/// A node of a generated model scheme: the path to a node member, from which the paths to its
/// own members and to its whole subtree (`all`) continue.
public protocol SchemeNode<Root>: ModelPathConvertible {
    /// Creates the scheme node reached by `path`.
    @_spi(RippleGenerated) init(_ path: ModelPath<Root>)
}

extension SchemeNode {
    /// Every member of every node below this one.
    public var all: ModelPath<Root> { modelPath.all }
}

enum PathDescription {
    /// Renders steps with member names, following node members to their classes.
    static func describe(_ steps: [PathStep], from descriptor: NodeDescriptor) -> String {
        var text = descriptor.name
        var current: NodeDescriptor? = descriptor
        for step in steps {
            switch step {
            case .all:
                text += ".all"
                current = nil
            case .member(let index):
                guard let node = current, node.members.indices.contains(index) else {
                    text += ".#\(index)"
                    current = nil
                    continue
                }
                let member = node.members[index]
                text += "." + member.name
                current = member.childDescriptor
            }
        }
        return text
    }
}
