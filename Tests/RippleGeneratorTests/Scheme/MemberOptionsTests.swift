import RippleGenerator
import Testing

/// A member's options are a set kept in one integer, listed in the runtime's order.
@Suite struct MemberOptionsTests {
    @Test func optionsAreListedInTheOrderOfTheCasesWhateverTheOrderOfInsertion() {
        var options = MemberOptions()
        options.insert(.backgroundWrite)
        options.insert(.derived)
        options.insert(.readOnly)
        options.insert(.derived)
        #expect(Array(options) == [.readOnly, .derived, .backgroundWrite])
        #expect(options == [.readOnly, .derived, .backgroundWrite])
        #expect(options.count == 3)
        #expect(options.description == "[readOnly, derived, backgroundWrite]")
    }

    @Test func membershipAndEmptiness() {
        let options: MemberOptions = [.computed, .backgroundRead]
        #expect(options.contains(.computed) && options.contains(.backgroundRead))
        #expect(!options.contains(.readOnly) && !options.contains(.backgroundWrite))
        #expect(!options.isEmpty)
        #expect(MemberOptions().isEmpty && MemberOptions().count == 0 && Array(MemberOptions()).isEmpty)
    }

    @Test func everyOptionFitsAndComesBackOut() {
        let all = MemberOptions(MemberOption.allCases.reversed())
        #expect(Array(all) == MemberOption.allCases)
    }
}
