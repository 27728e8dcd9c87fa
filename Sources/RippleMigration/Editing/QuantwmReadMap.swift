import RippleGenerator

/// A Quantwm read map, `QWModel.root.<path>_Read + ...`, read as the Ripple dependency paths
/// it stands for.
///
/// Quantwm's generated `QWModel.root` mirrors the model from the root: each node member is a
/// property leading further, and each member `m` has a map `m_Read` of its own change key;
/// a node member also has `m_allRead`, and each node `all_Read`, for the whole subtree.
/// In Ripple's terms, relative to the root class:
///
/// | Quantwm term                              | Ripple path                      |
/// |-------------------------------------------|----------------------------------|
/// | `QWModel.root.selectedID_Read`            | `selectedID`                     |
/// | `QWModel.root.catalog.total_Read`         | `catalog.total`                  |
/// | `QWModel.root.catalog_allRead`            | `catalog.all`                    |
/// | `QWModel.root.shelves.entries.all_Read`   | `shelves.entries.all`            |
///
/// Write maps (`_Write`, `_allWrite`), the whole model (`QWModel.root.all_Read`) and any other
/// expression have no dependency path; ``init(initializer:)`` names the first such term.
struct QuantwmReadMap: Hashable, Sendable {
    /// The paths, relative to the root, in the order of the terms, each once.
    var paths: [String]

    /// Why a term of a map has no dependency path.
    enum Untranslatable: Error, Hashable, Sendable {
        /// A `_Write` or `_allWrite` map: what a member writes, not what it reads.
        case writeMap(term: String)
        /// `QWModel.root.all_Read`: the whole model.
        case wholeModel(term: String)
        /// Not a `QWModel.root.<path>_Read` term.
        case notAReadMapTerm(term: String)

        var term: String {
            switch self {
            case .writeMap(let term), .wholeModel(let term), .notAReadMapTerm(let term): term
            }
        }
    }

    /// Reads a map's initializer, a `+`-separated sum of `QWModel.root` terms.
    ///
    /// - Throws: ``Untranslatable`` for the first term that has no dependency path.
    init(initializer: String) throws(Untranslatable) {
        var paths: [String] = []
        for term in initializer.split(separator: "+").map({ SwiftText.trimmed($0) }) {
            let path = try Self.path(of: term)
            if !paths.contains(path) {
                paths.append(path)
            }
        }
        self.paths = paths
    }

    private static let rootPrefix = "QWModel.root."

    /// The Ripple path of one term.
    private static func path(of term: String) throws(Untranslatable) -> String {
        guard term.hasPrefix(rootPrefix) else { throw .notAReadMapTerm(term: term) }
        var components = term.dropFirst(rootPrefix.count).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let isName = { (name: String) in
            !name.isEmpty && name.utf8.allSatisfy(SwiftText.isNameByte) && !SwiftText.isDigit(name.utf8.first!)
        }
        guard components.allSatisfy(isName), let last = components.popLast() else {
            throw .notAReadMapTerm(term: term)
        }
        if last.hasSuffix("_Write") || last.hasSuffix("_allWrite") {
            throw .writeMap(term: term)
        }
        if last.hasSuffix("_allRead"), last.count > "_allRead".count {
            components += [String(last.dropLast("_allRead".count)), "all"]
        } else if last.hasSuffix("_Read"), last.count > "_Read".count {
            components.append(String(last.dropLast("_Read".count)))
        } else {
            throw .notAReadMapTerm(term: term)
        }
        guard components != ["all"] else { throw .wholeModel(term: term) }
        return components.joined(separator: ".")
    }
}
