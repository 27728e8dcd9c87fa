import RippleGenerator
import Testing

@Suite struct TemplateValueTests {
    @Test func literalsBuildTheMatchingCases() {
        let values: [TemplateValue] = ["text", true, 7, [1], ["key": "value"], nil]
        #expect(values == [
            .string("text"), .bool(true), .int(7), .array([.int(1)]), .dictionary(["key": .string("value")]), .null,
        ])
    }

    @Test func repeatedDictionaryLiteralKeyKeepsTheLastValue() {
        let value: TemplateValue = ["key": 1, "key": 2]
        #expect(value == .dictionary(["key": .int(2)]))
    }

    @Test func truthinessFollowsEmptiness() {
        #expect(TemplateValue.string("a").isTruthy && !TemplateValue.string("").isTruthy)
        #expect(TemplateValue.int(-1).isTruthy && !TemplateValue.int(0).isTruthy)
        #expect(TemplateValue.array([nil]).isTruthy && !TemplateValue.array([]).isTruthy)
        #expect(TemplateValue.dictionary(["": nil]).isTruthy && !TemplateValue.dictionary([:]).isTruthy)
        #expect(!TemplateValue.null.isTruthy && !TemplateValue.bool(false).isTruthy)
    }

    @Test func kindPhrasesReadInASentence() {
        let phrases = ([nil, true, 1, "", [], [:]] as [TemplateValue]).map(\.kind.phrase)
        #expect(phrases == ["null", "a bool", "an int", "a string", "an array", "a dictionary"])
    }
}
