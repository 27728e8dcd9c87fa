/// The items of the `// ripple:` lines above one declaration, stacked in source order.
///
/// ```swift
/// // ripple: node, readOnly
/// // ripple: dependency = [selectedID, shelves.all]
/// var _selectedShelf: Shelf? { ... }
/// ```
///
/// holds three items: `node`, `readOnly` and `dependency` with a list of two paths.
package struct Annotation: Equatable, Sendable {
    /// The items, in the order they are written.
    package var items: [AnnotationItem]
    /// Where the first annotation line starts (its `//`).
    package var location: SourceLocation
    /// Whether a line of it had a syntax error (reported where it was read), after which its
    /// items were not read: the annotation may lack items the user wrote.
    package var hasSyntaxErrors = false

    package init(items: [AnnotationItem], location: SourceLocation) {
        self.items = items
        self.location = location
    }

    /// The first item named `name`, if any.
    package func item(_ name: AnnotationItem.Name) -> AnnotationItem? {
        index(of: name).map { items[$0] }
    }

    /// Where the first item named `name` is, if any; unlike ``item(_:)``, copies nothing.
    package func location(of name: AnnotationItem.Name) -> SourceLocation? {
        index(of: name).map { items[$0].location }
    }

    /// The value of the first item named `name`, if it has one.
    package func value(of name: AnnotationItem.Name) -> AnnotationValue? {
        guard let index = index(of: name) else { return nil }
        return items[index].value
    }

    /// The names of the items present, one bit each (``AnnotationItem/Name/bit``): what
    /// ``contains(_:)`` tells, for all names in one pass.
    var names: UInt16 {
        var names: UInt16 = 0
        for index in items.indices {
            names |= items[index].name?.bit ?? 0
        }
        return names
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
