import Foundation
import RippleJSON
import Testing

@testable import Ripple

/// A register's canonical text keeps a number a `Double` would round in its own digits (a
/// `Decimal` of 22 digits reached other replicas rounded, and they never converged:
/// breaker40), and writes every other value as before.
@Suite struct ReplicaExactNumberTests {
    private func canonical(_ text: String) throws -> String {
        try ReplicaTranslation.canonicalText(try DocumentJSON.parse(Array(text.utf8)))
    }

    @Test func aNumberADoubleWouldRoundKeepsItsDigits() throws {
        #expect(try canonical("1234567890.123456789012") == "1234567890.123456789012")
        #expect(try canonical("0.12345678901234567890123") == "0.12345678901234567890123")
        #expect(try canonical(#"{"b":[1.5,3.14159265358979323846],"a":-0.00000000000000000001234567890123456789012}"#)
            == #"{"a":-0.00000000000000000001234567890123456789012,"b":[1.5,3.14159265358979323846]}"#)
    }

    @Test func everyOtherValueIsWrittenAsBefore() throws {
        for text in [
            "0.1", "1.50", "-0", "1e300", "100000000000000000000", "18446744073709551615", "-9223372036854775808",
            "0.30000000000000004", "1234567890.12345", "-0.000000000000000000012345678901234567", #"{"z":1,"a":[0.25,"x",null,true]}"#, #"{"k":1,"k":2}"#,
        ] {
            var plain: [UInt8] = []
            try DocumentJSON.encode(try DocumentValue(try DocumentJSON.parse(Array(text.utf8))), into: &plain)
            #expect(try canonical(text) == String(decoding: plain, as: UTF8.self), "\(text)")
        }
    }
}
