import Foundation
@testable import Ripple

/// Replicas and files of a document holding a notebook, for issue 35's breaker tests.
@MainActor
enum OutlineReplicas: ReplicaFixture {
    /// A library whose notebook has `pages` top pages of `children` children each, every page
    /// filed by key, the first starred, two labels, and a plan of tasks whose subtasks depend on
    /// tasks of the other branch and point at pages.
    static func makeLibrary(pages: Int = 3, children: Int = 2) -> Library {
        let library = Library()
        library.notebook = makeNotebook(pages: pages, children: children, library: library)
        return library
    }

    static func makeNotebook(pages: Int = 3, children: Int = 2, library: Library? = nil) -> Notebook {
        let book = Notebook()
        book.title = "Field notes"
        book.created = Date(timeIntervalSinceReferenceDate: 800_000_000)
        book.cover = Data([0xFF, 0x00, 0x7F])
        book.library = library
        for index in 0..<pages {
            let page = Page("p\(index)", words: index * 10)
            page.notebook = book
            page.draft = [.idea, .writing, .final][index % 3]
            page.counts = ["links": index]
            page.children = (0..<children).map { number in
                let child = Page("p\(index).\(number)", words: number)
                child.parent = page
                child.notebook = book
                book.pagesByKey[child.title] = child
                return child
            }
            book.pages.append(page)
            book.pagesByKey[page.title] = page
        }
        if let first = book.pages.first { book.starred.insert(first) }
        book.tags = [Label("home", hue: 10), Label("work", hue: 200)]
        for branch in 0..<2 {
            let task = Chore("branch \(branch)")
            task.subtasks = (0..<2).map { number in
                let sub = Chore("task \(branch).\(number)")
                sub.parent = task
                sub.page = book.pages.isEmpty ? nil : book.pages[number % book.pages.count]
                return sub
            }
            book.tasks.append(task)
        }
        if book.tasks.count == 2 {
            book.tasks[0].subtasks[1].dependsOn = [book.tasks[1].subtasks[0]]
            book.tasks[1].subtasks[1].dependsOn = [book.tasks[0].subtasks[0], book.tasks[0]]
        }
        return book
    }

    /// A chain of `depth` pages, each the only child of the one above, back references set.
    static func chain(_ depth: Int, notebook: Notebook? = nil) -> Page {
        let top = Page("level 0")
        top.notebook = notebook
        var above = top
        for level in 1..<max(depth, 1) {
            let page = Page("level \(level)")
            page.parent = above
            above.children = [page]
            above = page
        }
        return top
    }

    /// The deepest page under `page`, following first children.
    static func deepest(_ page: Page) -> Page {
        var page = page
        while let next = page.children.first { page = next }
        return page
    }

    /// `count` replicas of one document: the first makes it, the others open its snapshot.
    static func replicas(_ count: Int, pages: Int = 3, children: Int = 2) throws -> [Mediator<Library>] {
        try ReplicaGroup.replicas(count, of: makeLibrary(pages: pages, children: children))
    }

    static func book(_ mediator: Mediator<Library>) -> Notebook { mediator.root.notebook! }

    /// Every page title, depth first: what a user sees in the sidebar.
    static func outline(_ mediator: Mediator<Library>) -> [String] {
        func walk(_ page: Page) -> [String] { [page.title] + page.children.flatMap(walk) }
        return (mediator.root.notebook?.pages ?? []).flatMap(walk)
    }
}
