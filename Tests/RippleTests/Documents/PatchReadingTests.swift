import Foundation
@testable import Ripple
import RippleJSON
import Testing

/// Patches read by hand from parsed JSON (a journal's records): what `JSONDecoder` reads through
/// `Patch`'s `Codable` conformance, the same values and the same errors.
@Suite struct PatchReadingTests {
    @Test(arguments: [
        #"{"document":"d","operations":[],"sequence":1}"#,
        #"{"document":"d","operations":[],"sequence":1,"tag":null}"#,
        #"{"tag":"undo","sequence":18446744073709551615,"operations":[{"set":{"value":"1","node":2,"member":"m"}}],"document":"d","x":0}"#,
        #"{"document":"d","sequence":2,"operations":[{"node":{"id":3,"type":"Shelf","values":"{}"},"unknown":1},"#
            + #"{"splice":{"node":1,"member":"a","at":0,"removing":2,"inserting":"[1]"}},"#
            + #"{"setKeys":{"node":1,"member":"k","values":"{}","removing":"[\"a\"]"}},"#
            + #"{"setElements":{"node":1,"member":"s","inserting":"[]","removing":"[2]"}}]}"#,
    ])
    func aRecordReadsAsJSONDecoderReadsIt(text: String) throws {
        let theirs = try JSONDecoder().decode(Patch.self, from: Data(text.utf8))
        #expect(try Patch(reading: DocumentJSON.parse(Array(text.utf8))) == theirs)
        #expect(try DocumentJSON.decode(Patch.self, from: DocumentJSON.parse(Array(text.utf8))) == theirs)
    }

    @Test(arguments: [
        #"[]"#, #"{"operations":[],"sequence":1}"#, #"{"document":"d","operations":{},"sequence":1}"#,
        #"{"document":"d","operations":[],"sequence":-1}"#, #"{"document":"d","operations":[],"sequence":1,"tag":3}"#,
        #"{"document":"d","operations":[{}],"sequence":1}"#, #"{"document":"d","operations":[{"set":{},"node":{}}],"sequence":1}"#,
        #"{"document":"d","operations":[{"other":{}}],"sequence":1}"#, #"{"document":"d","operations":[1],"sequence":1}"#,
        #"{"document":"d","operations":[{"set":{"node":1,"member":"m"}}],"sequence":1}"#,
        #"{"document":"d","operations":[{"set":{"node":"1","member":"m","value":"1"}}],"sequence":1}"#,
        #"{"document":"d","operations":[{"splice":{"node":1,"member":"m","at":1.5,"removing":0,"inserting":"[]"}}],"sequence":1}"#,
        #"{"document":"d","operations":[{"node":{"id":1,"type":"T","values":{}}}],"sequence":1}"#,
    ])
    func aRecordThatIsNotAPatchFailsAsJSONDecoderFails(text: String) throws {
        func summary(_ error: (any Error)?) -> String {
            switch error as? DecodingError {
            case .typeMismatch(_, let context): "typeMismatch at \(context.codingPath.map(\.stringValue))"
            case .valueNotFound(_, let context): "valueNotFound at \(context.codingPath.map(\.stringValue))"
            case .keyNotFound(let key, let context): "keyNotFound \(key.stringValue) at \(context.codingPath.map(\.stringValue))"
            case .dataCorrupted(let context): "dataCorrupted at \(context.codingPath.map(\.stringValue))"
            default: "\(String(describing: error))"
            }
        }
        var theirs: (any Error)?
        do { _ = try JSONDecoder().decode(Patch.self, from: Data(text.utf8)) } catch { theirs = error }
        var ours: (any Error)?
        do { _ = try Patch(reading: DocumentJSON.parse(Array(text.utf8))) } catch { ours = error }
        #expect(theirs != nil)
        // JSONDecoder reports a number that does not fit as the whole document being invalid.
        let expected = summary(theirs).replacingOccurrences(of: "dataCorrupted at []", with: "dataCorrupted")
        #expect(summary(ours).hasPrefix(expected), "ours: \(summary(ours)), JSONDecoder's: \(summary(theirs))")
    }
}
