/// A resolved `dependency` path: what a readOnly computed member reads.
package struct DependencyPath: Hashable, Sendable {
    /// One step from a class.
    package enum Step: Hashable, Sendable {
        /// The member with this index of the class reached so far.
        case member(Int)
        /// Every member of every node below.
        case all
    }

    /// The path as written, with public names: `catalog.total`, `shelves.all`.
    package var text: String
    package var steps: [Step]

    package init(text: String, steps: [Step]) {
        self.text = text
        self.steps = steps
    }
}
