/// What the command line asks for: `ripple-bench [--quick] [--filter NAME]`.
struct BenchOptions {
    /// Runs about ten times fewer iterations (the CI smoke run).
    var isQuick = false
    /// Runs only the sections and rows whose name contains this text (case-insensitive).
    var filter: String?
    /// Runs one document operation over the workbook this many times, and nothing else: for
    /// profilers (`perf record`, `valgrind --tool=callgrind`).
    var profile: (stage: WorkbookStage, runs: Int)?
    /// The points of the replica that `--profile insert`, `move` and their local forms edit,
    /// and of the snapshot `open-replica` opens.
    var profileNodes = 100_000
    /// Prints what each table measures and each goal (``BenchAbout``), and runs nothing.
    var isAbout = false

    static let usage = """
        usage: ripple-bench [--quick] [--filter NAME]
               ripple-bench --profile STAGE [--runs N] [--nodes N]
               ripple-bench --about

          --quick         about 10x fewer iterations (a smoke run; numbers are noisier)
          --filter NAME   only sections or rows whose name contains NAME (case-insensitive);
                          sections: access, allocations, refresh, setup,
                          collections, observable, merge, history,
                          validation, watches, moves, per-node, plain files, json,
                          documents, collaboration, keyed
          --profile STAGE runs one document operation over table 12b's workbook N times
                          (default 10) and measures nothing, for a profiler; STAGE: snapshot,
                          open, encode, decode (the last two JSONEncoder and JSONDecoder on its
                          plain structs), journal (opening its store, the journal as large as
                          the snapshot), merge (table 17's 100,000 writes of another replica),
                          insert, insert-local (table 17's point inserted into --nodes points,
                          default 100,000, merged or local; only profiledEdit runs the edit),
                          move, move-local (its last point moved to the middle, likewise),
                          memory (table 17's 100,000-point replica, made and opened, kept),
                          open-replica (table 17's replica snapshot of --nodes points opened)
          --about         what each table measures, each goal, and the figures of a build
          --help          this text

        Durable updates against SQLite (in the same package, which links it):
          swift run -c release --package-path Tests/Benchmarks durability-bench
        """

    /// Parses `arguments` (without the program name).
    init(arguments: [String]) throws(BenchOptionsError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick":
                isQuick = true
            case "--filter":
                guard let name = remaining.popFirst() else { throw .missingValue(argument) }
                filter = name
            case "--profile":
                guard let name = remaining.popFirst() else { throw .missingValue(argument) }
                guard let stage = WorkbookStage(rawValue: name) else { throw .invalidValue(argument, name) }
                profile = (stage, profile?.runs ?? 10)
            case "--runs":
                guard let text = remaining.popFirst() else { throw .missingValue(argument) }
                guard let runs = Int(text), runs > 0 else { throw .invalidValue(argument, text) }
                profile = (profile?.stage ?? .snapshot, runs)
            case "--nodes":
                guard let text = remaining.popFirst() else { throw .missingValue(argument) }
                guard let nodes = Int(text), nodes > 0 else { throw .invalidValue(argument, text) }
                profileNodes = nodes
            case "--about":
                isAbout = true
            case "--help", "-h":
                throw .helpRequested
            default:
                throw .unknownArgument(argument)
            }
        }
    }

    /// Whether a row runs: no filter, or the filter names its section or the row itself.
    func includes(section: String, row: String? = nil) -> Bool {
        guard let filter = filter?.lowercased() else { return true }
        return section.lowercased().contains(filter) || (row?.lowercased().contains(filter) ?? false)
    }
}

/// A command line that cannot be run.
enum BenchOptionsError: Error, CustomStringConvertible {
    case missingValue(String)
    case unknownArgument(String)
    case invalidValue(String, String)
    case helpRequested

    /// `--help`: not a mistake, the usage goes to standard output.
    var isHelp: Bool {
        if case .helpRequested = self { return true }
        return false
    }

    var description: String {
        switch self {
        case .missingValue(let option): "\(option) needs a value\n\n\(BenchOptions.usage)"
        case .unknownArgument(let argument): "unknown argument '\(argument)'\n\n\(BenchOptions.usage)"
        case .invalidValue(let option, let value): "invalid value '\(value)' for \(option)\n\n\(BenchOptions.usage)"
        case .helpRequested: BenchOptions.usage
        }
    }
}
