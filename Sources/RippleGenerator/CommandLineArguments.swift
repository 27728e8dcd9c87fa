/// Walks a `ripple-gen` command line: inputs, and options with their values.
///
/// An option takes its value as the next argument or after `=` (`--output=Generated`); `--`
/// ends the options, and `-` alone is an input.
///
/// ```swift
/// var arguments = CommandLineArguments(["--output", "Out", "Model"])
/// while let argument = arguments.next() {
///     switch argument {
///     case .input(let path): inputs.append(path)
///     case .option("--output"): output = try arguments.value()
///     case .option(let name): throw UsageError(message: "unknown option '\(name)'")
///     }
/// }
/// ```
package struct CommandLineArguments {
    /// One argument.
    package enum Argument {
        case input(String)
        /// The option's name, without any `=value`.
        case option(String)
    }

    private let arguments: [String]
    private var index = 0
    private var optionsEnded = false
    /// The option last returned by ``next()``, and the value written after its `=`.
    private var option = ""
    private var inlineValue: String?

    package init(_ arguments: [String]) {
        self.arguments = arguments
    }

    /// The next input or option; `nil` at the end.
    package mutating func next() -> Argument? {
        inlineValue = nil
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else { return .input(argument) }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            option = argument
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                option = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            return .option(option)
        }
        return nil
    }

    /// The value of the option last returned by ``next()``.
    ///
    /// - Throws: ``GeneratorOptions/UsageError`` when the command line ends without one.
    package mutating func value() throws(GeneratorOptions.UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard index < arguments.count else {
            throw GeneratorOptions.UsageError(message: "option '\(option)' needs a value")
        }
        index += 1
        return arguments[index - 1]
    }
}
