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
    /// A class with a stored tracked member of some name.
    private struct Owner {
        var className: String
        var qualifiedName: String
        /// The member's public name: `title`.
        var member: String
        var isNode: Bool
    }

    /// The classes with a stored tracked member of each storage name.
    private let owners: [String: [Owner]]
    private let scan: StorageAccessScan

    /// A check of the storage of the stored tracked members of `scheme`.
    package init(scheme: ModelScheme) {
        var owners: [String: [Owner]] = [:]
        for nodeClass in scheme.classes {
            for member in nodeClass.members where !member.isComputed {
                owners[member.storageName, default: []].append(Owner(
                    className: nodeClass.name, qualifiedName: nodeClass.qualifiedName, member: member.name, isNode: member.isNode))
            }
        }
        self.owners = owners
        scan = StorageAccessScan(names: owners.keys)
    }

    /// The warnings about the writes in `sources`; `parsed` are those of them already parsed
    /// (by path), whose declarations are reused.
    package func diagnostics(in sources: [(path: String, bytes: [UInt8])], parsed: [ParsedFile]) -> [Diagnostic] {
        guard !scan.isEmpty else { return [] }
        var diagnostics: [Diagnostic] = []
        var parsedIndex: [String: Int]?
        for source in sources {
            let accesses = scan.accesses(in: source.bytes)
            guard !accesses.isEmpty else { continue }
            let index = parsedIndex ?? Dictionary(parsed.indices.map { (parsed[$0].file.path, $0) }, uniquingKeysWith: { first, _ in first })
            parsedIndex = index
            let file = index[source.path].map { parsed[$0] } ?? SwiftParser.parse(SourceFile(path: source.path, bytes: source.bytes))
            let outside = accesses.filter { access in
                !isInsideOwner(access.lowerBound, of: owners[name(access, in: source.bytes)] ?? [], in: file.types)
            }
            guard !outside.isEmpty else { continue }
            let tokens = Lexer.tokenize(file.file).tokens
            for access in outside {
                if let diagnostic = warning(at: access, in: file.file, tokens: tokens) { diagnostics.append(diagnostic) }
            }
        }
        return diagnostics
    }

    private func name(_ access: Range<Int>, in bytes: [UInt8]) -> String {
        String(decoding: bytes[access], as: UTF8.self)
    }

    /// The warning about the access at `access` (the bytes of the storage name), if it writes.
    private func warning(at access: Range<Int>, in file: SourceFile, tokens: [Token]) -> Diagnostic? {
        let storageName = name(access, in: file.bytes)
        guard let owners = owners[storageName], let index = Self.token(startingAt: access.lowerBound, in: tokens),
              tokens[index].kind == .identifier,
              let write = MemberWrite(
                  memberAt: index, in: tokens, of: file.bytes, reachesInside: owners.contains { !$0.isNode })
        else { return nil }
        let member = owners[0].member
        // `task.title`: the expression the storage was reached through, when it is short.
        let base = String(decoding: file.bytes[write.base], as: UTF8.self)
        let replacement = base.utf8.count <= 40 && !base.contains(where: \.isNewline) ? base + member : member
        var classNames: [String] = []
        for owner in owners where !classNames.contains(owner.className) { classNames.append(owner.className) }
        let message = SchemeMessage.untrackedWrite(
            storage: storageName, member: member, classNames: classNames, replacement: replacement)
        return SchemeProblem(message, at: file.location(ofOffset: access.lowerBound)).diagnostic(file: file.path)
    }

    /// Whether `offset` lies in the body of one of `owners`' classes, or of an extension of one,
    /// among `types` and the types nested in them.
    private func isInsideOwner(_ offset: Int, of owners: [Owner], in types: [TypeDeclaration]) -> Bool {
        // Types nest as deep as the parser follows them; a list of those left spares a recursion.
        var pending = types
        while let type = pending.popLast() {
            guard let body = type.bodyRange, body.contains(offset) else { continue }
            switch type.kind {
            case .class where owners.contains { $0.qualifiedName == type.qualifiedName }:
                return true
            case .extension where owners.contains { type.name == $0.qualifiedName || type.name.hasSuffix("." + $0.qualifiedName) }:
                return true
            default:
                pending += type.nested
            }
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
