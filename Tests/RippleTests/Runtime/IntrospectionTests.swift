import Ripple
import Testing

@MainActor
@Suite struct IntrospectionTests {
    private func registerQuantwmFlow(_ mediator: Mediator<Library>) throws -> [Registration] {
        [
            mediator.observe("header", reads: [Library.scheme.selectedCount, Library.scheme.catalog.total]) { _ = ($0.selectedCount, $0.catalog.total) },
            try mediator.process("count", reads: [Library.scheme.selectedShelf.all], writes: [Library.scheme.selectedCount]) {
                $0.selectedCount = $0.selectedShelf?.entries.count ?? 0
            },
            mediator.coordinate("reset", priority: -1, reads: [Library.scheme.userID]) { $0.selectedID = nil },
        ]
    }

    @Test func registrationsAreListedInFiringOrderWithReadsAndWrites() throws {
        let mediator = Mediator(root: makeLibrary())
        let registrations = try registerQuantwmFlow(mediator)
        #expect(mediator.registrationsDescription == """
            1. coordinator 'reset' (priority -1) reads Library.userID
            2. processor 'count' (level 0) reads Library.selectedShelf.all writes Library.selectedCount
            3. observer 'header' (level 1) reads Library.selectedCount, Library.catalog.total
            """)
        _ = registrations
    }

    @Test func refreshLogSaysWhoFiredInOrderAndWhy() throws {
        let library = makeLibrary()
        library._shelves[1].entries = ["x"]
        let mediator = Mediator(root: library)
        mediator.isLogging = true
        let registrations = try registerQuantwmFlow(mediator)
        mediator.refresh()
        try mediator.update { $0.selectedID = 1 }
        try mediator.update { $0.userID = 1 }
        try mediator.update { $0.userID = 2 }
        #expect(mediator.refreshLog.map(\.description) == [
            """
            refresh 1: coordinator reset (initial)
            refresh 1: processor count (initial)
            refresh 1: observer header (initial)
            """,
            """
            refresh 2: processor count (Library.selectedID changed)
            refresh 2: observer header (Library.selectedCount changed)
            """,
            """
            refresh 3: coordinator reset (Library.userID changed)
            refresh 3: processor count (Library.selectedID changed)
            refresh 3: observer header (Library.selectedCount changed)
            """,
            "refresh 4: coordinator reset (Library.userID changed)",
        ])
        _ = registrations
    }

    @Test func dependencyGraphIsGraphvizWithAnEdgePerWriterAndReader() throws {
        let mediator = Mediator(root: makeLibrary())
        let registrations = try registerQuantwmFlow(mediator)
        #expect(mediator.dependencyGraphDOT == """
            digraph Ripple {
              rankdir=LR;
              node [fontname="Helvetica"];
              r2 [label="reset\\ncoordinator", shape=diamond];
              r1 [label="count\\nprocessor", shape=box];
              r0 [label="header\\nobserver", shape=ellipse];
              r1 -> r0 [label="Library.selectedCount"];
            }
            """)
        _ = registrations
    }
}
