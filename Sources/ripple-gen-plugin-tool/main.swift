// The build plugins' tool: `ripple-gen` without `migrate` and `--dump-scheme`, so that a package
// applying a plugin builds the generator alone. It shares ripple-gen's command line, in RippleGenerator.

import RippleGenerator

GeneratorCommandLine.run(arguments: Array(CommandLine.arguments.dropFirst()), help: GeneratorOptions.usage, dumpScheme: nil)
