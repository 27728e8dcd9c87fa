import RippleGenerator
import Testing

@Suite struct NearestSpellingTests {
    @Test func findsTheCandidateOneEditAway() {
        #expect(nearestSpelling(of: "uper", in: ["lower", "upper"]) == "upper")
        #expect(nearestSpelling(of: "propperty", in: ["node", "property", "root"]) == "property")
    }

    @Test func countsASwapOfNeighbouringLettersAsOneEdit() {
        #expect(nearestSpelling(of: "endfro", in: ["endfor", "endif"]) == "endfor")
        #expect(nearestSpelling(of: "raedOnly", in: ["readOnly", "derived"]) == "readOnly")
    }

    @Test func ignoresCase() {
        #expect(nearestSpelling(of: "lowerfirst", in: ["lower", "lowerFirst"]) == "lowerFirst")
        #expect(nearestSpelling(of: "ReadOnly", in: ["readOnly"]) == "readOnly")
    }

    @Test func prefersTheClosestCandidateThenTheEarliest() {
        #expect(nearestSpelling(of: "nodes", in: ["note", "node"]) == "node")
        #expect(nearestSpelling(of: "cat", in: ["bat", "hat"]) == "bat")
    }

    @Test func returnsNilWhenNothingIsClose() {
        #expect(nearestSpelling(of: "shout", in: ["upper", "lower"]) == nil)
        #expect(nearestSpelling(of: "x", in: ["y", "z"]) == nil)
        #expect(nearestSpelling(of: "", in: ["a"]) == nil)
        #expect(nearestSpelling(of: "word", in: []) == nil)
    }

    @Test func allowsMoreEditsForLongerWords() {
        #expect(nearestSpelling(of: "alowBackgrondRaed", in: ["allowBackgroundRead", "allowBackgroundWrite"]) == "allowBackgroundRead")
    }
}
