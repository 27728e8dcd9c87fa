@testable import Ripple
import Testing

/// A class named `Node`, like `BackgroundNode`'s generic parameter, whose background members
/// have types nested in the class (`Node.Kind`): its generated code compiles (this target
/// builds it), and background work reads and writes them.
@MainActor
@Suite struct BackgroundNodeNamesTests {
    @Test func backgroundWorkReachesTheMembersOfAClassNamedNodeOfTypesNestedInIt() async {
        let node = Node()
        let shared = BackgroundNode(node)
        let read = await Task.detached { () -> Node.Kind in
            shared.history = [.branch, .leaf]
            return shared.kind
        }.value
        #expect(read == .leaf)
        #expect(node.history == [.branch, .leaf])
    }
}
