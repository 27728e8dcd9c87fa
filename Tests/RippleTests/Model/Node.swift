import Ripple

// A node named like the generic parameter of `BackgroundNode`, whose members offered to
// background work have types nested in it: the generated extension of `BackgroundNode<Node>`
// names them `Node.Kind`.

// ripple: node
final class Node {
    let tracker = Tracker()

    enum Kind: String, Codable, Sendable {
        case leaf, branch
    }

    // ripple: property, allowBackgroundRead
    var _kind: Kind = .leaf

    // ripple: property, allowBackgroundWrite
    var _history: [Kind] = []

    init() {}
}
