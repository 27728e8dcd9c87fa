import Foundation
@testable import Ripple

/// Replicas and files of a document holding a drawing, for issue 36's breaker tests.
@MainActor
enum DrawingReplicas {
    /// A library whose drawing has `artboards` artboards of two layers, each layer a group of
    /// `groups` groups of `figures` figures (back references set), the first two figures of each
    /// artboard selected, every first figure of a group a symbol, three paints referenced by the
    /// figures in turn.
    static func makeLibrary(artboards: Int = 2, groups: Int = 2, figures: Int = 3) -> Library {
        let library = Library()
        library.drawing = makeDrawing(artboards: artboards, groups: groups, figures: figures, library: library)
        return library
    }

    static func makeDrawing(artboards: Int = 2, groups: Int = 2, figures: Int = 3, library: Library? = nil) -> VectorDrawing {
        let drawing = VectorDrawing()
        drawing.name = "Poster"
        drawing.library = library
        drawing.paints = [Paint("ink", hue: 0), Paint("sky", hue: 200), Paint("leaf", hue: 120)]
        var count = 0
        for boardIndex in 0..<artboards {
            let board = Artboard("a\(boardIndex)")
            board.drawing = drawing
            for layerIndex in 0..<2 {
                let layer = DrawLayer("a\(boardIndex).l\(layerIndex)")
                let top = ShapeGroup("a\(boardIndex).l\(layerIndex).top")
                top.groups = (0..<groups).map { groupIndex in
                    let group = ShapeGroup("\(top.name).g\(groupIndex)")
                    group.parent = top
                    group.figures = (0..<figures).map { index in
                        let figure = Figure("f\(count)", z: index)
                        figure.x = Double(count)
                        figure.kind = [.rectangle, .ellipse, .path, .text][count % 4]
                        figure.note = count % 2 == 0 ? nil : "note \(count)"
                        figure.created = Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(count))
                        figure.bitmap = Data([UInt8(count % 256), 0xFF])
                        figure.paint = drawing.paints[count % 3]
                        figure.group = group
                        figure.library = library
                        count += 1
                        return figure
                    }
                    if let first = group.figures.first { drawing.symbols[first.name] = first }
                    return group
                }
                layer.groups = [top]
                board.layers.append(layer)
            }
            for figure in board.layers[0].groups[0].groups.first?.figures.prefix(2) ?? [] { board.selection.insert(figure) }
            drawing.artboards.append(board)
        }
        return drawing
    }

    /// A chain of `depth` groups, each the only group of the one above, back references set,
    /// a figure in the deepest.
    static func chain(_ depth: Int) -> ShapeGroup {
        let top = ShapeGroup("level 0")
        var above = top
        for level in 1..<max(depth, 1) {
            let group = ShapeGroup("level \(level)")
            group.parent = above
            above.groups = [group]
            above = group
        }
        let leaf = Figure("deep leaf")
        leaf.group = above
        above.figures = [leaf]
        return top
    }

    /// The deepest group under `group`, following first groups.
    static func deepest(_ group: ShapeGroup) -> ShapeGroup {
        var group = group
        while let next = group.groups.first { group = next }
        return group
    }

    /// `count` replicas of one document: the first makes it, the others open its snapshot.
    static func replicas(_ count: Int, artboards: Int = 2, groups: Int = 2, figures: Int = 3, seed: UInt64? = nil) throws
        -> [Mediator<Library>]
    {
        try ReplicaGroup.replicas(count, of: makeLibrary(artboards: artboards, groups: groups, figures: figures), seed: seed)
    }

    /// Two replicas of the default drawing.
    static func pair(seed: UInt64? = nil) throws -> (Mediator<Library>, Mediator<Library>) {
        let both = try replicas(2, seed: seed)
        return (both[0], both[1])
    }

    static func text(_ mediator: Mediator<Library>) throws -> String { try ReplicaGroup.text(mediator) }

    static func sync(_ from: Mediator<Library>, into to: Mediator<Library>) throws {
        try ReplicaGroup.sync(from, into: to)
    }

    static func syncAll(_ replicas: [Mediator<Library>]) throws { try ReplicaGroup.syncAll(replicas) }

    static func drawing(_ mediator: Mediator<Library>) -> VectorDrawing { mediator.root.drawing! }

    /// The group `index` of layer `layer` of artboard `board`.
    static func group(_ mediator: Mediator<Library>, board: Int = 0, layer: Int = 0, _ index: Int) -> ShapeGroup {
        drawing(mediator).artboards[board].layers[layer].groups[0].groups[index]
    }

    /// A folder of its own under the temporary directory.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breaker36-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Every group under `group`, itself first.
    /// (A group seen before, which a cycle would bring back, is not walked again.)
    static func allGroups(_ group: ShapeGroup) -> [ShapeGroup] {
        var seen = Set<ObjectIdentifier>()
        func walk(_ group: ShapeGroup) -> [ShapeGroup] {
            guard seen.insert(ObjectIdentifier(group)).inserted else { return [] }
            return [group] + group.groups.flatMap(walk)
        }
        return walk(group)
    }

    /// Every place a figure shows in the layers, by name: what the canvas draws.
    static func placements(_ mediator: Mediator<Library>) -> [String] {
        drawing(mediator).artboards.flatMap { board in
            board.layers.flatMap { layer in layer.groups.flatMap(allGroups).flatMap { group in group.figures.map(\.name) } }
        }
    }

    /// What is wrong with the drawing a user sees: a figure drawn twice, a group in two places
    /// or inside itself, a figure whose back reference names another group than the one holding
    /// it, a selected figure or symbol not drawn.
    static func problems(_ mediator: Mediator<Library>) -> [String] {
        var problems: [String] = []
        var seenGroups = Set<ObjectIdentifier>()
        var seenFigures = Set<ObjectIdentifier>()
        func walk(_ group: ShapeGroup) {
            guard seenGroups.insert(ObjectIdentifier(group)).inserted else {
                return problems.append("group \(group.name) in two places, or in a cycle")
            }
            for figure in group.figures {
                if !seenFigures.insert(ObjectIdentifier(figure)).inserted { problems.append("figure \(figure.name) drawn twice") }
            }
            for child in group.groups { walk(child) }
        }
        for board in drawing(mediator).artboards {
            for layer in board.layers { for group in layer.groups { walk(group) } }
        }
        return problems
    }

    /// What a user sees of the drawing, without merge state: two replicas, or a replica and a
    /// plain mediator, that show the same drawing give the same text.
    static func visible(_ mediator: Mediator<Library>) -> String {
        guard let drawing = mediator.root.drawing else { return "no drawing" }
        var described = Set<ObjectIdentifier>()
        func describeFigure(_ figure: Figure) -> String {
            "\(figure.name) z\(figure.z) x\(figure.x) \(figure.hidden) \(figure.note ?? "-") \(figure.kind) "
                + "\(figure.paint?.name ?? "-") in \(figure.group?.name ?? "-") link \(figure.link?.name ?? "-")"
        }
        func describeGroup(_ group: ShapeGroup, _ indent: String) -> [String] {
            guard described.insert(ObjectIdentifier(group)).inserted else { return ["\(indent)group \(group.name) again"] }
            return ["\(indent)group \(group.name) locked \(group.locked) parent \(group.parent?.name ?? "-") mask \(group.mask?.name ?? "-")"]
                + group.figures.map { indent + "  " + describeFigure($0) } + group.groups.flatMap { describeGroup($0, indent + "  ") }
        }
        var lines = ["drawing \(drawing.name) library \(drawing.library === mediator.root)"]
        lines += drawing.paints.map { "paint \($0.name) \($0.hue) \($0.stroke)" }
        lines += drawing.symbols.keys.sorted().map { "symbol \($0): \(drawing.symbols[$0]!.name)" }
        for board in drawing.artboards {
            lines.append("artboard \(board.title) \(board.width) selection \(board.selection.map(\.name).sorted())")
            for layer in board.layers {
                lines.append("  layer \(layer.name) \(layer.visible) \(layer.opacity)")
                lines += layer.groups.flatMap { describeGroup($0, "    ") }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The lines of `left`'s visible drawing that `right`'s lacks, and the other way round.
    static func difference(_ left: Mediator<Library>, _ right: Mediator<Library>) -> String {
        let (one, two) = (visible(left).split(separator: "\n"), visible(right).split(separator: "\n"))
        return "only in one: \(one.filter { !two.contains($0) }); only in the other: \(two.filter { !one.contains($0) })"
    }
}
