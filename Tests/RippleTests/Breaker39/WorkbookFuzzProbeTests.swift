import Foundation
@testable import Ripple
import Testing

/// Issue 39's breaker: a seeded mutation fuzzer over a workbook replica store's files: its
/// journal (replayed when it opens) and its snapshot file (the document, the replica's state and
/// identity), mutated as `OrgFuzzProbeTests.mutate` does, plus huge numbers spliced into the
/// text. Nothing may crash or hang; a refusal is a `DocumentError` and leaves both files as they
/// were; what opens is a whole workbook and takes an update. `BREAKER39_FUZZ_RUNS` runs it
/// longer (default 500 mutations of each file: a fixed count, so that every run of the suite
/// tries the same files; it ran for 20 s, and a CI run reached a snapshot whose save count
/// overflowed that others had not).
@MainActor
@Suite(.serialized) struct WorkbookFuzzProbeTests {
    typealias W = Workbooks

    nonisolated static let runs = Int(ProcessInfo.processInfo.environment["BREAKER39_FUZZ_RUNS"] ?? "") ?? 500

    /// `original` with a number in its text replaced by one of the largest, or a mutation.
    static func mutate(_ original: Data, other: Data, random: inout SeededGenerator) -> Data {
        guard random.next() % 4 == 0 else { return OrgFuzzProbeTests.mutate(original, other: other, random: &random) }
        var bytes = [UInt8](original)
        let digits = bytes.indices.filter { (0x30...0x39).contains(bytes[$0]) }
        guard let at = digits.isEmpty ? nil : digits[Int(random.next() % UInt64(digits.count))] else { return original }
        let huge = ["18446744073709551615", "9223372036854775808", "-1", "1e308", "99999999999999999999999", "0"]
        bytes.replaceSubrange(at...at, with: Array(huge[Int(random.next() % UInt64(huge.count))].utf8))
        return Data(bytes)
    }

    @Test(arguments: ["journal", "snapshot"])
    func mutatedStoreFilesAreRefusedCleanlyOrOpenWhole(file: String) throws {
        let folder = try W.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("budget.ripple")
        let journal = URL(fileURLWithPath: url.path + ".journal")
        do {
            let store = try DocumentStore<Library>(url: url, compaction: .manual)
            _ = store.mediator.replicaID
            try store.mediator.update { $0.workbook = W.makeWorkbook() }
            try store.save()
            try store.mediator.update { _ in W.cell(store.mediator, "s0!0:1")!.value = .error(code: 7, message: "é") }
            try store.mediator.update { library in
                let sheet = library.workbook!.sheets[1]
                let row = sheet.rows.removeFirst()
                library.workbook!.sheets[0].rows[0].children.append(row)
                row.parent = library.workbook!.sheets[0].rows[0]
            }
            try store.mediator.update { library in library.workbook!.names["x"] = library.workbook!.names["total"] }
        }
        let original = (try Data(contentsOf: url), try Data(contentsOf: journal))
        let target = file == "journal" ? journal : url
        let source = file == "journal" ? original.1 : original.0
        var random = SeededGenerator(state: 39)
        var problems: [String] = []
        var outcomes: [String: Int] = [:]
        var slowest = 0.0
        var runs = 0
        while runs < Self.runs && problems.count < 6 {
            runs += 1
            try original.0.write(to: url)
            try original.1.write(to: journal)
            let mutated = Self.mutate(source, other: file == "journal" ? original.0 : original.1, random: &random)
            try mutated.write(to: target)
            let files = (try Data(contentsOf: url), try Data(contentsOf: journal))
            let started = Date()
            do {
                let store = try DocumentStore<Library>(url: url, compaction: .manual)
                // A mutated file may hold any values the model allows (a cell whose `row` names
                // another row, a row in two groups): opening whole and going on is what counts.
                outcomes["opened", default: 0] += 1
                try store.mediator.update { library in library.workbook?.title = "after" }
                _ = try store.mediator.changes(since: DocumentVersion())
            } catch let error as DocumentError {
                outcomes[String("\(error)".prefix(40)), default: 0] += 1
                if (try Data(contentsOf: url), try Data(contentsOf: journal)) != files {
                    problems.append("run \(runs): refused (\(error)), and the files changed")
                }
            } catch {
                outcomes["\(type(of: error))", default: 0] += 1
            }
            slowest = max(slowest, Date().timeIntervalSince(started))
        }
        print("breaker39 fuzz \(file): \(runs) runs, slowest \(slowest) s, \(outcomes)")
        #expect(problems.isEmpty, "\(problems)")
        #expect(slowest < 5)
    }
}
