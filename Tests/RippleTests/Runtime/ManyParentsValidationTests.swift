@testable import Ripple
import Testing

/// Many nodes naming one node below a validating class (every slice naming its chart, every
/// employee the company): each parent link costs O(1) amortized, not a scan of the node's
/// parents, so linking n parents costs n. Counted in parent links looked at, which a loaded
/// machine cannot blur; it was the square of n (breaker38's OrgScaleProbeTests).
@MainActor
@Suite struct ManyParentsValidationTests {
    /// The parent links looked at to make a mediator of a chart of `count` slices that name it,
    /// then to follow `later` more slices made to name it by writes outside updates.
    static func linksVisited(slices count: Int, later: Int) -> (made: Int, followed: Int) {
        let library = makeLibrary()
        let chart = library.chart
        chart.slices = (0..<count).map { Slice("s\($0)", 1) }
        for slice in chart.slices.dropFirst(later) { slice.chart = chart }
        let mediator = Mediator(root: library)
        let validator = mediator.core.validator
        let made = validator.parentLinksVisited
        for slice in chart.slices.prefix(later) { slice.chart = chart }
        mediator.refresh()
        return (made, validator.parentLinksVisited - made)
    }

    @Test func linkingManyParentsToOneNodeCostsEachLinkNotTheirCount() {
        let small = Self.linksVisited(slices: 1_000, later: 500)
        let big = Self.linksVisited(slices: 16_000, later: 500)
        // Quadratic, making the chart of 16,000 slices visited about 128 million links.
        #expect(big.made <= 16 * small.made * 2, "\(small.made) links visited at 1,000 slices, \(big.made) at 16,000")
        #expect(big.made <= 4 * 16_000)
        #expect(big.followed <= 2 * small.followed + 100, "\(small.followed) and \(big.followed) for 500 more")
    }

    @Test func theLinksOfANodeWithManyParentsKeepTheirOrderThroughUnlinksAndReleases() {
        let slices = (0..<40).map { Slice("s\($0)", 1) }
        var links = ParentLinks.list([])
        var visits = 0
        for slice in slices { #expect(links.insert(slice, member: 0, visits: &visits)) }
        #expect(!links.insert(slices[3], member: 0, visits: &visits), "linked once")
        #expect(links.insert(slices[3], member: 1, visits: &visits), "each member of a parent is a link")
        for slice in slices[10..<30] { links.remove(slice, member: 0) }
        links.remove(slices[3], member: 1)
        #expect(links.nodes.map { ($0 as! Slice).label } == (slices[0..<10] + slices[30...]).map(\.label))
        #expect(links.insert(slices[12], member: 0, visits: &visits), "unlinked, then linked again")
        #expect(!links.insert(slices[35], member: 0, visits: &visits))
        // Parents released while linked are dropped; new ones take their places in the index.
        do {
            var released = (0..<40).map { Slice("r\($0)", 1) }
            for slice in released { _ = links.insert(slice, member: 0, visits: &visits) }
            released.removeAll()
        }
        let later = (0..<40).map { Slice("l\($0)", 1) }
        for slice in later { #expect(links.insert(slice, member: 0, visits: &visits)) }
        for slice in later { #expect(!links.insert(slice, member: 0, visits: &visits)) }
        let expected = slices[0..<10] + slices[30...] + [slices[12]] + later
        #expect(links.nodes.map { ($0 as! Slice).label } == expected.map(\.label))
        for slice in expected { links.remove(slice, member: 0) }
        #expect(links.nodes.isEmpty)
        guard case .list = links else {
            Issue.record("a node left with few parents keeps them in a list")
            return
        }
    }
}
