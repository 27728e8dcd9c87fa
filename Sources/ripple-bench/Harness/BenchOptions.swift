/// What the command line asks for: `ripple-bench [--quick] [--filter NAME]`.
struct BenchOptions {
    /// Runs about ten times fewer iterations (the CI smoke run).
    var isQuick = false
    /// Runs only the sections and rows whose name contains this text (case-insensitive).
    var filter: String?

    static let usage = """
        usage: ripple-bench [--quick] [--filter NAME]

          --quick         about 10x fewer iterations (a smoke run; numbers are noisier)
          --filter NAME   only sections or rows whose name contains NAME (case-insensitive);
                          sections: access, allocations, refresh, setup, generator
          --help          this text
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
        case .helpRequested: BenchOptions.usage
        }
    }
}
