/// Everything the annotations of one run describe: the tracked classes, in output order.
///
/// Built by ``SchemeBuilder`` from parsed files, validated, with every name resolved: node
/// members know the class they hold, dependencies are resolved to change-key steps. The
/// renderer and `--dump-scheme` read it; neither looks at source code again.
package struct ModelScheme: Hashable, Sendable {
    /// The tracked classes: files sorted by path, classes in declaration order.
    package var classes: [NodeClass]
    /// The imports the generated file repeats, as written (`@preconcurrency import Foundation`):
    /// the unconditional imports of the files that declare tracked classes, sorted, without
    /// `Ripple`, which the generated file always imports.
    package var imports: [String]

    package init(classes: [NodeClass], imports: [String] = []) {
        self.classes = classes
        self.imports = imports
    }

    /// The class annotated `root`, if any.
    package var root: NodeClass? {
        classes.first { $0.role == .root }
    }

    /// The class with this qualified name.
    package func nodeClass(named qualifiedName: String) -> NodeClass? {
        classes.first { $0.qualifiedName == qualifiedName }
    }
}
