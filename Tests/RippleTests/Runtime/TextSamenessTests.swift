@_spi(RippleGenerated) @testable import Ripple
import Testing

/// Text counts as changed when its bytes do: Swift's `==` calls a precomposed "é" and "e" with a
/// combining accent equal, but a document saves bytes, and a replica must be able to take the
/// spelling its others agreed on.
@MainActor
@Suite struct TextSamenessTests {
    static let precomposed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    @Test func textComparesByItsBytes() {
        #expect(Self.precomposed == Self.decomposed, "the premise: Swift calls them equal")
        #expect(_rippleChanges(Self.precomposed, Self.decomposed))
        #expect(!_rippleChanges(Self.decomposed, "cafe" + "\u{301}"))
        #expect(_rippleChanges([Self.precomposed], [Self.decomposed]))
        #expect(_rippleChanges(String?.some(Self.precomposed), String?.some(Self.decomposed)))
        #expect(_rippleChanges(Set([Self.precomposed]), Set([Self.decomposed])))
        #expect(!_rippleChanges(Set([Self.precomposed, "x"]), Set(["x", Self.precomposed])))
        #expect(!_rippleSameness(of: String.self)(Self.precomposed, Self.decomposed))
        #expect(!_rippleIsSame(Self.precomposed, Self.decomposed as Any))
    }

    @Test func aDictionaryKeySpelledOtherwiseIsAChange() {
        #expect(_rippleChanges([Self.precomposed: 1], [Self.decomposed: 1]))
        #expect(_rippleChanges([1: Self.precomposed], [1: Self.decomposed]))
        #expect(!_rippleChanges([Self.precomposed: 1, "b": 2], ["b": 2, Self.precomposed: 1]))
        #expect(_rippleChanges(["a": 1], ["a": 2]))
    }

    @Test func aRespelledTitleIsWrittenObservedAndUndone() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update { $0.shelves[0].title = Self.precomposed }
        var fired = 0
        let observer = mediator.observe("title", forEach: Shelf.self, reads: [Shelf.scheme.title]) { _ in fired += 1 }
        try mediator.update { $0.shelves[1].title = "x" }
        fired = 0
        try mediator.update(undoName: "Respell") { $0.shelves[0].title = Self.decomposed }
        #expect(Array(mediator.root.shelves[0].title.utf8) == Array(Self.decomposed.utf8))
        #expect(fired == 1)
        try mediator.update { $0.shelves[0].title = "cafe" + "\u{301}" }
        #expect(fired == 1, "the same bytes again are no change")
        try mediator.history.undo()
        #expect(Array(mediator.root.shelves[0].title.utf8) == Array(Self.precomposed.utf8))
        _ = observer
    }
}
