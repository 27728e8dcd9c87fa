/// The items of the `// ripple:` lines above one declaration, stacked in source order.
///
/// ```swift
/// // ripple: node, readOnly
/// // ripple: dependency = [selectedID, shelves.all]
/// var _selectedShelf: Shelf? { ... }
/// ```
///
/// holds three items: `node`, `readOnly` and `dependency` with a list of two paths.
package struct Annotation: Hashable, Sendable {
    /// The items, in the order they are written.
    package var items: [AnnotationItem]
    /// Where the first annotation line starts (its `//`).
    package var location: SourceLocation

    package init(items: [AnnotationItem], location: SourceLocation) {
        self.items = items
        self.location = location
    }

    /// The first item named `name`, if any.
    package func item(_ name: AnnotationItem.Name) -> AnnotationItem? {
        index(of: name).map { items[$0] }
    }

    /// Whether an item named `name` is present.
    package func contains(_ name: AnnotationItem.Name) -> Bool {
        index(of: name) != nil
    }

    /// The position of the first item named `name`. Items are looked up by position because
    /// iterating `items` would copy every item passed.
    private func index(of name: AnnotationItem.Name) -> Int? {
        items.indices.first { items[$0].name == name }
    }
}
