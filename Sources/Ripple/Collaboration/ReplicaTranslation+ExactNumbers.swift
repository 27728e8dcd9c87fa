import Foundation
internal import RippleJSON

// A register keeps a value as its canonical JSON text, the one ``DocumentValue`` writes: keys
// sorted, numbers in their shortest form. That form reads a number that is not whole as a
// `Double`, which holds 15 to 17 digits: a `Decimal` of more (a cost of 1234567890.123456789012)
// came out of a change set rounded, so the replica that made it kept the exact value and every
// other replica the rounded one, and they never converged (breaker40). A value holding such a
// number is written with that number's own digits instead; every other value is written as
// before, byte for byte.

extension ReplicaTranslation {
    /// The canonical text of `json`, one value of a member.
    static func canonicalText(_ json: JSONValue) throws -> String {
        var writer = JSONWriter()
        if holdsInexactNumber(json) {
            try writeKeepingDigits(json, into: &writer)
        } else {
            try DocumentJSON.encode(try DocumentValue(json), into: &writer.bytes)
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Whether `json` holds a number a `Double` would round.
    private static func holdsInexactNumber(_ json: JSONValue) -> Bool {
        switch json.kind {
        case .number: isInexact(number: json.tape.text(at: json.index))
        case .array: ((try? json.elements()) ?? []).contains(where: holdsInexactNumber)
        case .object: ((try? json.members()) ?? []).contains { holdsInexactNumber($0.value) }
        default: false
        }
    }

    /// Whether the number written `text` reads back otherwise through a `Double`: never for 15
    /// significant digits or fewer (a `Double` holds any such decimal), else when the shortest
    /// text of the nearest `Double` is another decimal.
    static func isInexact(number text: ArraySlice<UInt8>) -> Bool {
        var digits = 0
        for byte in text {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
            if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(byte) || (byte == UInt8(ascii: "0") && digits > 0) { digits += 1 }
        }
        guard digits > 15 else { return false }
        let written = String(decoding: text, as: UTF8.self)
        guard let double = Double(written), double.isFinite, let exact = Decimal(string: written),
            let rounded = Decimal(string: "\(double)")
        else { return false }
        return exact != rounded
    }

    /// Writes `json` as ``DocumentValue`` does (keys sorted by their bytes, the first of equal
    /// keys kept), with each number a `Double` would round in its own digits.
    private static func writeKeepingDigits(_ json: JSONValue, into writer: inout JSONWriter) throws {
        switch json.kind {
        case .array:
            writer.beginArray()
            for element in try json.elements() { try writeKeepingDigits(element, into: &writer) }
            writer.endArray()
        case .object:
            var seen: Set<String> = []
            let members = try json.members().filter { seen.insert($0.key).inserted }
            writer.beginObject()
            for member in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                writer.key(member.key)
                try writeKeepingDigits(member.value, into: &writer)
            }
            writer.endObject()
        case .number where isInexact(number: json.tape.text(at: json.index)):
            writer.writeValue(json.tape.text(at: json.index))
        default:
            var bytes: [UInt8] = []
            try DocumentJSON.encode(try DocumentValue(json), into: &bytes)
            writer.writeValue(bytes)
        }
    }
}
