/// Finds writes to the storage of tracked members outside their classes, in every file of a run.
///
/// The storage of a tracked member (`_title`) cannot be `private`: the generated accessors, in
/// another file, need it. So any file of the module can write it and bypass tracking, history
/// and the journal. A write outside the member's class and the class's extensions
/// (`task._title = x`, `task._tags.append(y)`, `task._count += 1`, `&task._title`, through
/// optional chaining) is a warning there; the class's own code (its `init`, its methods, any
/// extension of it) writes its storage on purpose and is not warned.
///
/// ```swift
/// let check = StorageWriteCheck(scheme: built.scheme)
/// let warnings = check.diagnostics(in: sources, parsed: parsedFiles)
/// ```
///
/// It costs files that do not write such storage a byte scan (``StorageAccessScan``); a file
/// that names one through a dot outside the classes that own it is lexed, once.
package struct StorageWriteCheck {
    /// The classes with a stored tracked member of one storage name.
    private struct Owners {
        /// The member's public name: `title`.
        var member: String
        /// The first classes' names as written, in the scheme's order, for the message.
        var classNames: [String] = []
        /// How many more classes there are than `classNames` lists.
        var otherClassCount = 0
        /// The classes' qualified names, to tell whether code is inside one of them.
        var qualifiedNames: Set<String> = []
        /// Whether writing a part of the member's value writes it: the member holds values
        /// (not nodes) in one of the classes.
        var reachesInside = false

        /// Counts `nodeClass` among the owners, and whether its member holds nodes.
        mutating func add(_ nodeClass: NodeClass, holdingNodes: Bool) {
            if qualifiedNames.insert(nodeClass.qualifiedName).inserted {
                // The message names a few; the set decides.
                if classNames.count < 3 { classNames.append(nodeClass.name) } else { otherClassCount += 1 }
            }
            if !holdingNodes { reachesInside = true }
        }
    }

    /// The owners of each storage name.
    private let owners: [String: Owners]
    private let scan: StorageAccessScan

    /// A check of the storage of the stored tracked members of `scheme`.
    package init(scheme: ModelScheme) {
        var owners: [String: Owners] = [:]
        for nodeClass in scheme.classes {
            for member in nodeClass.members where !member.isComputed {
                owners[member.storageName, default: Owners(member: member.name)].add(nodeClass, holdingNodes: member.isNode)
            }
        }
        self.owners = owners
        scan = StorageAccessScan(names: owners.keys)
    }

    /// The warnings about the writes in `sources`; `parsed` are those of them already parsed
    /// (by path), whose declarations are reused.
    package func diagnostics(in sources: [(path: String, bytes: [UInt8])], parsed: [ParsedFile]) -> [Diagnostic] {
        guard !scan.isEmpty else { return [] }
        var diagnostics = DiagnosticCollector()
        var parsedIndex: [String: Int]?
        for source in sources {
            let accesses = scan.accesses(in: source.bytes)
            guard !accesses.isEmpty else { continue }
            let index = parsedIndex ?? Dictionary(parsed.indices.map { (parsed[$0].file.path, $0) }, uniquingKeysWith: { first, _ in first })
            parsedIndex = index
            let file = index[source.path].map { parsed[$0] } ?? SwiftParser.parse(SourceFile(path: source.path, bytes: source.bytes))
            let outside = accesses.filter { access in
                guard let owners = owners[name(access, in: source.bytes)] else { return false }
                return !Self.isInside(access.lowerBound, anyOf: owners, in: file.types)
            }
            guard !outside.isEmpty else { continue }
            let tokens = Lexer.tokenize(file.file).tokens
            for access in outside {
                if let warning = warning(at: access, in: file.file, tokens: tokens) {
                    diagnostics.report(warning, in: file.file, atOffset: access.lowerBound)
                }
            }
        }
        return diagnostics.diagnostics
    }

    private func name(_ access: Range<Int>, in bytes: [UInt8]) -> String {
        String(decoding: bytes[access], as: UTF8.self)
    }

    /// The warning about the access at `access` (the bytes of the storage name), if it writes.
    private func warning(at access: Range<Int>, in file: SourceFile, tokens: [Token]) -> SchemeMessage? {
        let storageName = name(access, in: file.bytes)
        guard let owners = owners[storageName], let index = Self.token(startingAt: access.lowerBound, in: tokens),
              tokens[index].kind == .identifier,
              let write = MemberWrite(memberAt: index, in: tokens, of: file.bytes, reachesInside: owners.reachesInside)
        else { return nil }
        // `task.title`: the expression the storage was reached through, when it is short.
        let base = String(decoding: file.bytes[write.base], as: UTF8.self)
        let replacement = base.utf8.count <= 40 && !base.contains(where: \.isNewline) ? base + owners.member : owners.member
        return .untrackedWrite(
            storage: storageName, member: owners.member, classNames: owners.classNames, otherClassCount: owners.otherClassCount,
            replacement: replacement)
    }

    /// Whether `offset` lies in the body of one of `owners`' classes, or of an extension of one
    /// (written plain or with its module, `extension MyModule.Task`), among `types` and the types
    /// nested in them.
    private static func isInside(_ offset: Int, anyOf owners: Owners, in types: [TypeDeclaration]) -> Bool {
        // Types nest as deep as the parser follows them; a list of those left spares a recursion.
        var pending = types
        while let type = pending.popLast() {
            guard let body = type.bodyRange, body.contains(offset) else { continue }
            if type.kind == .class, owners.qualifiedNames.contains(type.qualifiedName) { return true }
            if type.kind == .extension {
                var name = Substring(type.name)
                while true {
                    if owners.qualifiedNames.contains(String(name)) { return true }
                    guard let dot = name.firstIndex(of: ".") else { break }
                    name = name[name.index(after: dot)...]
                }
            }
            pending += type.nested
        }
        return false
    }

    /// The position of the token that starts at byte `offset`, if one does (none inside a
    /// comment or a string).
    private static func token(startingAt offset: Int, in tokens: [Token]) -> Int? {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.lowerBound < offset {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < tokens.count && tokens[low].range.lowerBound == offset ? low : nil
    }
}

