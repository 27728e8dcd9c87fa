import RippleGenerator
import Testing

@Suite struct GeneratorOptionsTests {
    func parse(_ arguments: String) throws(GeneratorOptions.UsageError) -> GeneratorOptions.Command {
        try GeneratorOptions.parse(arguments: arguments.split(separator: " ").map(String.init))
    }

    func usageError(_ arguments: String) -> String? {
        usageMessage { () throws(GeneratorOptions.UsageError) in try parse(arguments) }
    }

    @Test func readsEveryOption() throws {
        let command = try parse(
            "--output Generated --config ripple.json --annotation-prefix model --access-level package "
                + "--templates T Sources Extra.swift")
        #expect(command == .generate(GeneratorOptions(
            inputs: ["Sources", "Extra.swift"], outputDirectory: "Generated", configurationFile: "ripple.json",
            annotationLanguage: .ripple(prefix: "model"), accessLevel: .package, templatesDirectory: "T")))
    }

    @Test func valuesMayFollowAnEqualsSign() throws {
        var observable = GeneratorOptions(inputs: ["A.swift"])
        observable.observable = true
        #expect(try parse("--observable A.swift") == .generate(observable))
        var documents = GeneratorOptions(inputs: ["A.swift"])
        documents.documents = true
        #expect(try parse("--documents A.swift") == .generate(documents))
        #expect(try parse("--output=Out --access-level=public A.swift")
            == .generate(GeneratorOptions(inputs: ["A.swift"], outputDirectory: "Out", accessLevel: .public)))
    }

    @Test func theOutputDefaultsToTheCurrentFolder() throws {
        guard case .generate(let options) = try parse("A.swift") else {
            Issue.record("expected a generate command")
            return
        }
        #expect(options.outputDirectory == ".")
        #expect(options.outputFile == "./RippleGenerated.swift")
    }

    @Test func removingAStaleOutputIsAsked() throws {
        guard case .generate(let options) = try parse("--remove-stale-output A.swift") else {
            Issue.record("expected a generate command")
            return
        }
        #expect(options.removesStaleOutput)
        guard case .generate(let plain) = try parse("A.swift") else { return }
        #expect(!plain.removesStaleOutput)
    }

    @Test func theOutputIsAFolder() throws {
        #expect(usageMessage { () throws(GeneratorOptions.UsageError) in
            try GeneratorOptions.parse(arguments: ["--output", "", "A.swift"])
        } == "'--output' needs a folder, such as '--output Generated' ('.' for this one)")
        let directory = try TemporaryDirectory()
        let file = try directory.write("Model.swift", "")
        #expect(usageError("--output \(file) A.swift") == "'--output' takes a folder, and '\(file)' is a file; "
            + "name the folder that RippleGenerated.swift goes into")
        #expect(usageError("--output \(directory.path)/New A.swift") == nil, "a folder that does not exist yet is made")
    }

    @Test func dumpSchemeTakesAFormat() throws {
        #expect(try parse("--dump-scheme A.swift") == .generate(GeneratorOptions(inputs: ["A.swift"], dumpFormat: .text)))
        #expect(try parse("--dump-scheme --format dot A.swift") == .generate(GeneratorOptions(inputs: ["A.swift"], dumpFormat: .dot)))
        #expect(try parse("--format json --dump-scheme A.swift") == .generate(GeneratorOptions(inputs: ["A.swift"], dumpFormat: .json)))
    }

    /// The plugins' tool does not compile the dump (RippleSchemeDump): it refuses the option
    /// instead of generating when asked to print.
    @Test func aToolWithoutTheDumpRefusesDumpScheme() {
        let refusal = usageMessage { () throws(GeneratorOptions.UsageError) in
            try GeneratorOptions.parse(arguments: ["--dump-scheme", "--format", "json", "A.swift"], dumpsScheme: false)
        }
        #expect(refusal == "'--dump-scheme' is ripple-gen's; this tool only generates")
        #expect(
            (try? GeneratorOptions.parse(arguments: ["--output", "Out", "A.swift"], dumpsScheme: false))
                == .generate(GeneratorOptions(inputs: ["A.swift"], outputDirectory: "Out")))
    }

    @Test func helpAndVersion() throws {
        #expect(try parse("--help") == .help)
        #expect(try parse("-h A.swift") == .help)
        #expect(try parse("--version") == .version)
        #expect(GeneratorOptions.version == "0.1.0")
    }

    @Test func aDoubleDashEndsTheOptions() throws {
        #expect(try parse("-- --output") == .generate(GeneratorOptions(inputs: ["--output"])))
    }

    @Test func usageErrors() {
        #expect(usageError("--outptu Out A.swift") == "unknown option '--outptu'; did you mean '--output'?")
        #expect(usageError("--verbose A.swift") == "unknown option '--verbose'")
        #expect(usageError("A.swift --output") == "option '--output' needs a value")
        #expect(usageError("--format dot A.swift") == "'--format' applies to '--dump-scheme'; add '--dump-scheme' or remove '--format'")
        #expect(usageError("--dump-scheme --format dott A.swift") == "unknown format 'dott'; use text, dot, json; did you mean 'dot'?")
        #expect(usageError("--access-level open A.swift") == "access level 'open' must be public, package or internal")
        #expect(usageError("--access-level publik A.swift")
            == "access level 'publik' must be public, package or internal; did you mean 'public'?")
        #expect(usageError("--annotation-prefix a:b A.swift") == "annotation prefix 'a:b' must be a word of letters, digits and '_'")
        #expect(usageError("--output Out") == "no input: give the .swift files or folders to read")
    }
}
