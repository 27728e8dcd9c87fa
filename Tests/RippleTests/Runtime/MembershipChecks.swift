@_spi(RippleGenerated) @testable import Ripple
import Testing

// What the membership tests check a place counter against: a plain walk of the model.

/// Hears what entered and left, and keeps the nodes it was told are in.
final class MembershipLog: ModelMembershipListener {
    var inside: Set<ObjectIdentifier> = []
    var entered = 0
    var left = 0
    var problems: [String] = []

    func modelDidChange(_ change: ModelPlaceCounter.Change) {
        for node in change.entered where !inside.insert(ObjectIdentifier(node)).inserted {
            problems.append("\(type(of: node)) entered twice")
        }
        for node in change.left where inside.remove(ObjectIdentifier(node)) == nil {
            problems.append("\(type(of: node)) left without having entered")
        }
        entered += change.entered.count
        left += change.left.count
    }
}

/// The nodes `root` reaches, with the places holding each in reached nodes: `children` lists
/// every node a node holds through a stored node member, once per place.
@MainActor
func reachablePlaces(from root: AnyObject, children: (AnyObject) -> [AnyObject]) -> [ObjectIdentifier: (node: AnyObject, places: Int)] {
    var reached: [ObjectIdentifier: (node: AnyObject, places: Int)] = [ObjectIdentifier(root): (root, 0)]
    var stack = [root]
    var holders: [AnyObject] = []
    while let node = stack.popLast() {
        holders.append(node)
        for child in children(node) where reached[ObjectIdentifier(child)] == nil {
            reached[ObjectIdentifier(child)] = (child, 0)
            stack.append(child)
        }
    }
    for holder in holders {
        for child in children(holder) { reached[ObjectIdentifier(child)]!.places += 1 }
    }
    return reached
}

/// The differences between `counter` and a walk, over `pool` (every node that ever was): out of
/// the model, no entry; in it, the places the walk counts, the supporting places those of a
/// smaller label (at least one but for the root).
@MainActor
func membershipDifferences(
    _ counter: ModelPlaceCounter, pool: [any RippleNode], children: (AnyObject) -> [AnyObject]
) -> [String] {
    let reached = reachablePlaces(from: counter.root, children: children)
    var differences: [String] = []
    if counter.count != reached.count { differences.append("count \(counter.count), walk \(reached.count)") }
    for node in pool {
        let entry = counter.entry(of: node)
        let name = "\(type(of: node)) \(ObjectIdentifier(node).hashValue % 10_000)"
        guard let walked = reached[ObjectIdentifier(node)] else {
            if entry != ModelPlaceCounter.Entry() { differences.append("\(name) out of the model has \(entry)") }
            if counter.contains(node) { differences.append("\(name) out of the model is in") }
            continue
        }
        guard entry.isIn, counter.contains(node) else {
            differences.append("\(name) in the model is out: \(entry)")
            continue
        }
        if node !== counter.root, entry.places != walked.places {
            differences.append("\(name) has \(entry.places) places, the walk \(walked.places)")
        }
        var supporting = 0
        for (_, holder) in reached {
            let label = counter.entry(of: holder.node as! any RippleNode).label
            guard label < entry.label else { continue }
            supporting += children(holder.node).filter { $0 === node }.count
        }
        if node !== counter.root, Int(entry.support) != supporting || supporting == 0 {
            differences.append("\(name) has \(entry.support) supporting places, the walk \(supporting)")
        }
    }
    return differences
}

