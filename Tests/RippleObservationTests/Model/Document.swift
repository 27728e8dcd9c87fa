import Ripple

// A model generated with "observable": true (see ripple.json): public classes whose tracker
// and validate() stay internal.

// ripple: root
public final class Document {
    let tracker = Tracker()

    // ripple: property
    var _title = "Untitled"

    // ripple: property
    var _count = 0

    // ripple: property, derived
    var _total = 0

    // ripple: node
    var _pages: [Page] = []

    // ripple: property, readOnly, dependency = [pages.words]
    var _wordCount: Int { _pages.reduce(0) { $0 + $1._words.count } }

    // ripple: property, allowBackgroundWrite
    var _progress = 0.0   // generated as usual, but not reported to Observation

    public init() {}
}

// ripple: node
public final class Page {
    let tracker = Tracker()

    // ripple: property
    var _words: [String] = []

    public init(words: [String] = []) {
        _words = words
    }

    /// A hook, so that a page's setters journal before they store.
    func transactionWillChange() {}

    /// A page never holds an empty word.
    func validate() throws {
        if _words.contains("") { throw PageError.emptyWord }
    }
}

enum PageError: Error {
    case emptyWord
}
