import Foundation
@testable import Ripple

/// Random local updates of the test library's other shapes, for replicas: specimens with a
/// member of every saved type (optionals, dates, decimals, URLs, data, enums with associated
/// values, nested arrays, dictionaries of arrays, sets, a struct of the user's own, dictionaries
/// of nodes by `String` and by `Int` keys, one swatch in two of them), recursive notes (replies
/// at any depth, `featuredNote`, `notesByKey`), the chart (whose `validate()` can fail after a
/// merge), settings edited in place, the optional `archive`, and updates rolled back by a
/// thrown error or by validation (a note's empty text).
///
/// `edit` draws from `random`; `editAlike` makes the same edits on two libraries that hold the
/// same document (a replica and a plain mediator), drawing once.
@MainActor
final class ReplicaShapeFuzzing {
    var random: SeededGenerator
    /// How many edits of each kind ran.
    private(set) var counts: [String: Int] = [:]
    /// The last update's edits, by kind (what a failure names).
    private(set) var lastEdits: [String] = []

    struct Rollback: Error {}

    init(seed: UInt64) {
        random = SeededGenerator(state: seed &* 7919 &+ 1)
    }

    func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &random) < percent
    }

    func index(_ count: Int) -> Int {
        Int.random(in: 0..<count, using: &random)
    }

    private func word() -> String {
        ["a", "é", "c", "日", "e", "f"][index(6)] + String(index(50))
    }

    /// One update of one to three edits, rolled back now and then; returns how it ended.
    @discardableResult
    func edit(_ mediator: Mediator<Library>) -> String {
        lastEdits = []
        let edits = 1 + index(3)
        let throwsAtEnd = chance(6)
        do {
            try mediator.update(undoName: "Edit") { library in
                for _ in 0..<edits { self.edit(library) }
                if throwsAtEnd { throw Rollback() }
            }
            return "committed"
        } catch {
            counts["rolled back", default: 0] += 1
            return "rolled back"
        }
    }

    /// The same update on two mediators that hold the same document: both end alike.
    func editAlike(_ first: Mediator<Library>, _ second: Mediator<Library>) -> (String, String) {
        let start = random
        let firstOutcome = edit(first)
        let end = random
        random = start
        let secondOutcome = edit(second)
        random = end
        return (firstOutcome, secondOutcome)
    }

    /// Every note, depth first (replies after their note).
    static func notes(of library: Library) -> [Note] {
        var result: [Note] = []
        var pending = library.notes.reversed() as [Note]
        var seen: Set<ObjectIdentifier> = []
        while let note = pending.popLast() {
            guard seen.insert(ObjectIdentifier(note)).inserted else { continue }
            result.append(note)
            pending.append(contentsOf: note.replies.reversed())
        }
        return result
    }

    private func count(_ kind: String) {
        lastEdits.append(kind)
        counts[kind, default: 0] += 1
    }

    private func edit(_ library: Library) {
        switch index(10) {
        case 0:
            count("specimen made")
            library.specimens.insert(Specimen(), at: index(library.specimens.count + 1))
        case 1 where library.specimens.count > 1:
            count(chance(50) ? "specimen removed" : "specimen reordered")
            let specimen = library.specimens.remove(at: index(library.specimens.count))
            if lastEdits.last == "specimen reordered" { library.specimens.insert(specimen, at: index(library.specimens.count + 1)) }
        case 2...4 where !library.specimens.isEmpty:
            edit(library.specimens[index(library.specimens.count)])
        case 5:
            editNotes(library)
        case 6:
            count("chart")
            let first = 1 + index(99)
            library.chart.slices = chance(30) ? [] : [Slice(word(), first)] + (first < 100 ? [Slice(word(), 100 - first)] : [])
        case 7:
            count("settings")
            if chance(50) { library.settings.louder() } else { library.settings.open(word()) }
        case 8:
            count("archive")
            switch index(3) {
            case 0: library.archive = nil
            case 1: library.archive = []
            default: library.archive = (library.archive ?? []) + [Shelf(id: 0, title: word())]
            }
        default:
            count("scores")
            library.scores[["x", "y"][index(2)]] = chance(70) ? index(100) : nil
        }
    }

    private func editNotes(_ library: Library) {
        let notes = Self.notes(of: library)
        switch index(6) {
        case 0, 1:
            count("note made")
            let note = Note(word())
            if notes.isEmpty || chance(30) {
                library.notes.insert(note, at: index(library.notes.count + 1))
            } else {
                let parent = notes[index(notes.count)]
                parent.replies.insert(note, at: index(parent.replies.count + 1))
            }
        case 2 where !notes.isEmpty:
            // An empty text fails the note's validate(): the update rolls back.
            count("note text")
            notes[index(notes.count)].text = chance(10) ? "" : word()
        case 3 where !notes.isEmpty:
            count("note removed")
            let note = notes[index(notes.count)]
            library.notes.removeAll { $0 === note }
            for holder in notes { holder.replies.removeAll { $0 === note } }
        case 4:
            count("featured")
            library.featuredNote = notes.isEmpty || chance(30) ? nil : notes[index(notes.count)]
        default:
            count("notes by key")
            library.notesByKey[["m", "n"][index(2)]] = notes.isEmpty || chance(30) ? nil : notes[index(notes.count)]
        }
    }

    private func edit(_ specimen: Specimen) {
        let kind = index(21)
        count("specimen." + ["text", "note", "count", "ratio", "flag", "when", "whenMaybe", "id", "link", "amount", "bytes", "value", "values", "matrix", "table", "maybeTexts", "dates", "tags", "detail", "byName", "byNumber"][kind])
        switch kind {
        case 0: specimen.text = word()
        case 1: specimen.note = chance(30) ? nil : word()
        case 2: specimen.count = chance(30) ? nil : index(1_000) - 500
        case 3: specimen.ratio = chance(30) ? nil : Double(index(1_000)) / 8
        case 4: specimen.flag = chance(30) ? nil : chance(50)
        case 5: specimen.when = Date(timeIntervalSinceReferenceDate: Double(index(100_000)) + 0.25)
        case 6: specimen.whenMaybe = chance(30) ? nil : Date(timeIntervalSince1970: Double(index(100_000)))
        case 7: specimen.id = UUID(uuid: (UInt8(index(256)), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, UInt8(index(256))))
        case 8: specimen.link = chance(30) ? nil : URL(string: "https://example.com/\(index(100))?q=\(index(9))")
        case 9: specimen.amount = Decimal(index(10_000)) / 100
        case 10: specimen.bytes = Data((0..<index(6)).map { UInt8(($0 * 37 + index(256)) % 256) })
        case 11:
            specimen.value = [.none, .number(2.5), .text(word()), .pair(index(9), label: chance(50) ? nil : word()), .nested([.text(word()), .none])][index(5)]
        case 12:
            if chance(60) || specimen.values.isEmpty {
                specimen.values.insert(.pair(index(9), label: word()), at: index(specimen.values.count + 1))
            } else {
                specimen.values.remove(at: index(specimen.values.count))
            }
        case 13:
            if chance(60) || specimen.matrix.isEmpty {
                specimen.matrix.insert((0..<index(3)).map { Double($0) / 4 }, at: index(specimen.matrix.count + 1))
            } else {
                specimen.matrix.remove(at: index(specimen.matrix.count))
            }
        case 14: specimen.table[["k", "l", "m"][index(3)]] = chance(30) ? nil : (0..<index(3)).map { $0 * index(9) }
        case 15:
            if chance(60) || specimen.maybeTexts.isEmpty {
                specimen.maybeTexts.insert(chance(30) ? nil : word(), at: index(specimen.maybeTexts.count + 1))
            } else {
                specimen.maybeTexts.remove(at: index(specimen.maybeTexts.count))
            }
        case 16:
            if chance(60) || specimen.dates.isEmpty {
                specimen.dates.append(Date(timeIntervalSinceReferenceDate: Double(index(1_000))))
            } else {
                specimen.dates.removeFirst()
            }
        case 17:
            if chance(60) { specimen.tags.insert(word()) } else if let tag = specimen.tags.sorted().first { specimen.tags.remove(tag) }
        case 18:
            specimen.detail = chance(30) ? nil : SpecimenDetail(
                title: word(), subtitle: chance(50) ? nil : word(), created: Date(timeIntervalSinceReferenceDate: 3),
                sizes: ["w": Double(index(9))], parts: [[word()]], id: nil)
        case 19: editSwatches(of: specimen, byName: true)
        default: editSwatches(of: specimen, byName: false)
        }
    }

    /// Sets, renames or removes a swatch; now and then one swatch is in both dictionaries.
    private func editSwatches(of specimen: Specimen, byName: Bool) {
        let existing = Array(specimen.byName.values) + Array(specimen.byNumber.values)
        let swatch: Swatch?
        switch index(4) {
        case 0: swatch = nil
        case 1 where !existing.isEmpty:
            let renamed = existing.sorted { $0.name < $1.name }[index(existing.count)]
            renamed.name = word()
            return
        case 2 where !existing.isEmpty:
            swatch = existing.sorted { $0.name < $1.name }[index(existing.count)]
        default:
            let made = Swatch()
            made.name = word()
            swatch = made
        }
        if byName { specimen.byName[["r", "s"][index(2)]] = swatch } else { specimen.byNumber[index(3) - 1] = swatch }
    }

    /// What a library holds in the parts this fuzzer edits, as text: two libraries with the
    /// same document describe alike.
    static func describe(_ library: Library) -> String {
        var lines: [String] = []
        for specimen in library.specimens {
            let swatches = { (pairs: [(String, Swatch)]) in pairs.sorted { $0.0 < $1.0 }.map { "\($0.0)=\($0.1.name)" } }
            lines.append(
                "specimen \(specimen.text) \(String(describing: specimen.note)) \(String(describing: specimen.count)) "
                    + "\(String(describing: specimen.ratio)) \(String(describing: specimen.flag)) \(specimen.when.timeIntervalSinceReferenceDate) "
                    + "\(String(describing: specimen.whenMaybe?.timeIntervalSinceReferenceDate)) \(specimen.id) \(String(describing: specimen.link)) "
                    + "\(specimen.amount) \(Array(specimen.bytes)) \(specimen.value) \(specimen.values) \(specimen.matrix) "
                    + "\(specimen.table.sorted { $0.key < $1.key }) \(specimen.maybeTexts) \(specimen.dates.map(\.timeIntervalSinceReferenceDate)) "
                    + "\(specimen.tags.sorted()) \(String(describing: specimen.detail)) \(swatches(specimen.byName.map { ($0.key, $0.value) })) "
                    + "\(swatches(specimen.byNumber.map { (String($0.key), $0.value) }))")
        }
        for top in library.notes { Self.appendNote(top, depth: 0, to: &lines) }
        lines.append("featured \(String(describing: library.featuredNote?.text))")
        lines.append("notesByKey \(library.notesByKey.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.text)" })")
        lines.append("chart \(library.chart.slices.map { "\($0.label) \($0.percent)" })")
        lines.append("settings \(library.settings)")
        lines.append("archive \(String(describing: library.archive?.map(\.title)))")
        lines.append("scores \(library.scores.sorted { $0.key < $1.key })")
        return lines.joined(separator: "\n")
    }

    private static func appendNote(_ note: Note, depth: Int, to lines: inout [String]) {
        lines.append(String(repeating: " ", count: depth) + "note \(note.text)")
        for reply in note.replies { appendNote(reply, depth: depth + 1, to: &lines) }
    }
}
