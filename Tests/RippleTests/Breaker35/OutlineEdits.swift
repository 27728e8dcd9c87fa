import Foundation
@testable import Ripple

/// Random edits of a notebook, as a user of an outliner and planner makes them, and what a
/// user sees of it, for issue 35's breaker sessions.
@MainActor
enum OutlineEdits {
    /// Every page under the notebook's top pages, depth first.
    static func allPages(_ book: Notebook) -> [Page] {
        func walk(_ page: Page) -> [Page] { [page] + page.children.flatMap(walk) }
        return book.pages.flatMap(walk)
    }

    /// Every task, depth first.
    static func allTasks(_ book: Notebook) -> [Chore] {
        func walk(_ task: Chore) -> [Chore] { [task] + task.subtasks.flatMap(walk) }
        return book.tasks.flatMap(walk)
    }

    /// Whether `page` is `ancestor` or under it.
    static func isUnder(_ page: Page, _ ancestor: Page) -> Bool {
        var current: Page? = page
        var steps = 0
        while let here = current, steps < 10_000 {
            if here === ancestor { return true }
            current = here.parent
            steps += 1
        }
        return false
    }

    /// One random edit; `name` makes the titles of new pages unique. Kinds: 0 values, 1 a move
    /// of a page, 2 a removal, 3 a dictionary edit, 4 a set edit, 5 a new page, 6 a task edit.
    static func edit(_ book: Notebook, kinds: [Int], name: String, _ random: inout SeededGenerator) {
        let pages = allPages(book)
        let kind = kinds[Int.random(in: 0..<kinds.count, using: &random)]
        switch kind {
        case 0 where !pages.isEmpty:
            let page = pages[Int.random(in: 0..<pages.count, using: &random)]
            switch Int.random(in: 0..<5, using: &random) {
            case 0: page.words = Int.random(in: 0...1_000, using: &random)
            case 1: page.zoom = Double(Int.random(in: 1...8, using: &random)) / 4
            case 2: page.locked.toggle()
            case 3: page.draft = [nil, .idea, .writing, .final][Int.random(in: 0..<4, using: &random)]
            default: page.counts[name] = Int.random(in: 0...9, using: &random)
            }
        case 1 where pages.count > 1:
            let page = pages[Int.random(in: 0..<pages.count, using: &random)]
            let target = pages[Int.random(in: 0..<pages.count, using: &random)]
            guard !isUnder(target, page) else { return }
            detach(page, from: book)
            let at = Int.random(in: 0...target.children.count, using: &random)
            target.children.insert(page, at: at)
            page.parent = target
        case 2 where pages.count > 2:
            let page = pages[Int.random(in: 0..<pages.count, using: &random)]
            detach(page, from: book)
            page.parent = nil
        case 3:
            let keys = book.pagesByKey.keys.sorted()
            if let key = keys.randomElement(using: &random), Bool.random(using: &random) {
                let page = book.pagesByKey.removeValue(forKey: key)
                if Bool.random(using: &random) { book.pagesByKey["\(key)+\(name)"] = page }
            } else if let page = pages.randomElement(using: &random) {
                book.pagesByKey[name] = page
            }
        case 4:
            if let page = pages.randomElement(using: &random) {
                if book.starred.contains(page) { book.starred.remove(page) } else { book.starred.insert(page) }
            }
            if let label = book.tags.sorted(by: { $0.name < $1.name }).first, Bool.random(using: &random) {
                book.tags.remove(label)
            } else {
                book.tags.insert(Label(name, hue: Int.random(in: 0...360, using: &random)))
            }
        case 5:
            let page = Page(name, words: 1)
            page.notebook = book
            if let parent = pages.randomElement(using: &random), Bool.random(using: &random) {
                page.parent = parent
                parent.children.append(page)
            } else {
                book.pages.insert(page, at: Int.random(in: 0...book.pages.count, using: &random))
            }
        case 6:
            let tasks = allTasks(book)
            guard let task = tasks.randomElement(using: &random) else { return }
            switch Int.random(in: 0..<4, using: &random) {
            case 0: task.done.toggle()
            case 1:
                if let other = tasks.randomElement(using: &random), other !== task { task.dependsOn.append(other) }
            case 2: if !task.dependsOn.isEmpty { task.dependsOn.removeFirst() }
            default:
                let sub = Chore(name)
                sub.parent = task
                sub.page = pages.randomElement(using: &random)
                task.subtasks.append(sub)
            }
        default:
            book.title = name
        }
    }

    /// Takes `page` out of the notebook's top pages and its parent's children.
    static func detach(_ page: Page, from book: Notebook) {
        if let parent = page.parent { parent.children.removeAll { $0 === page } }
        book.pages.removeAll { $0 === page }
    }

    /// What a user sees of the notebook: the outline with each page's values, the dictionary,
    /// the stars, the labels and the plan (no identities, no merge state).
    static func contents(_ mediator: Mediator<Library>) -> String {
        guard let book = mediator.root.notebook else { return "no notebook" }
        var lines = ["title \(book.title) cover \(book.cover?.count ?? -1)"]
        func line(_ page: Page, _ depth: Int) {
            let counts = page.counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            lines.append(
                String(repeating: " ", count: depth)
                    + "\(page.title) w\(page.words) z\(page.zoom) l\(page.locked) d\(page.draft?.rawValue ?? "-") [\(counts)]"
                    + " up:\(page.parent?.title ?? "-")")
            for child in page.children { line(child, depth + 1) }
        }
        for top in book.pages { line(top, 0) }
        lines.append("keys " + book.pagesByKey.sorted { $0.key < $1.key }.map { "\($0.key)>\($0.value.title)" }.joined(separator: " "))
        lines.append("starred " + book.starred.map(\.title).sorted().joined(separator: " "))
        lines.append("tags " + book.tags.map { "\($0.name)/\($0.hue)" }.sorted().joined(separator: " "))
        func plan(_ task: Chore, _ depth: Int) {
            lines.append(
                String(repeating: " ", count: depth)
                    + "\(task.name) done:\(task.done) page:\(task.page?.title ?? "-") deps:\(task.dependsOn.map(\.name))")
            for sub in task.subtasks { plan(sub, depth + 1) }
        }
        for top in book.tasks { plan(top, 0) }
        return lines.joined(separator: "\n")
    }
}
