/// A list of names as a message writes it: the first few, then how many more there are.
///
/// A message names what it is about, but a list of thousands (every declaration of a generated
/// region, every member of a long dependency cycle) would bury the message under it:
///
/// ```swift
/// NameList.text(["a", "b", "c"])                           // "a, b, c"
/// NameList.text(["A.x", "A.y", "A.x"], separator: " -> ")  // "A.x -> A.y -> A.x"
/// NameList.text((1...5_000).map { "m\($0)" })
/// // "m1, m2, m3, m4, m5, m6, m7, m8, m9, m10 and 4,990 more"
/// ```
package enum NameList {
    /// The most names a message shows.
    package static let shownCount = 10

    /// The names joined by `separator`; past ``shownCount``, the first ``shownCount`` of them
    /// and the count of the others (`and 4,990 more`).
    package static func text(_ names: [String], separator: String = ", ") -> String {
        guard names.count > shownCount else { return names.joined(separator: separator) }
        return names.prefix(shownCount).joined(separator: separator) + " and \(count(names.count - shownCount)) more"
    }

    /// The most characters a message shows of one name (or of any word).
    package static let longestName = 200

    /// `message` with every word (a run of characters between spaces) longer than
    /// ``longestName`` cut there, marked `…`, and the punctuation that ended it kept: a name of
    /// thousands of characters would bury the message. `'aaaa…aaaa'` reads `'aaa…'`.
    package static func shortened(_ message: String) -> String {
        // Most messages have no long word: one pass over their bytes says so.
        var run = 0
        var hasLongWord = false
        for byte in message.utf8 {
            run = byte == UInt8(ascii: " ") ? 0 : run + 1
            if run > longestName {
                hasLongWord = true
                break
            }
        }
        guard hasLongWord else { return message }
        var result = ""
        var word = ""
        func flush() {
            if word.count > longestName {
                // The quotes and punctuation that end the word stay, so that a quote still closes.
                let ending = word.reversed().prefix { !$0.isLetter && !$0.isNumber && $0 != "_" }.prefix(3)
                result += word.prefix(longestName) + "…" + String(ending.reversed())
            } else {
                result += word
            }
            word = ""
        }
        for character in message {
            if character == " " {
                flush()
                result.append(character)
            } else {
                word.append(character)
            }
        }
        flush()
        return result
    }

    /// A count with its thousands grouped (`4,990`), the same in every locale.
    package static func count(_ value: Int) -> String {
        var digits = String(value.magnitude)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
