// Measures how deep a chain of the test model's nodes may nest before releasing it overflows
// the stack, the evidence behind `DocumentLimits.maximumDepth`'s default: opens a library whose
// shelves nest `depth` deep (as a document, through Mediator(opening:)), lets go of it on the
// main thread or on a thread with a 512 KB stack (a secondary thread's on Apple platforms), and
// prints "released" when it got through. Built and run by measure-release-depth.sh.

import Foundation
import Ripple

@main
struct ReleaseDepthProbe {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let depth = Int(arguments[1]) else {
            print("usage: release-depth-probe DEPTH main|thread")
            exit(2)
        }
        let box = try MainActor.assumeIsolated { Box(try open(depth: depth)) }
        if arguments[2] == "main" {
            box.release()
        } else {
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                box.release()
                done.signal()
            }
            thread.stackSize = 512 * 1024
            thread.start()
            done.wait()
        }
        print("released")
    }

    @MainActor
    static func open(depth: Int) throws -> Library {
        var nodes = [#"{"id":1,"type":"Library","values":{"shelves":[2]}}"#]
        for level in 1...depth {
            let children = level < depth ? "[\(level + 2)]" : "[]"
            nodes.append(#"{"id":\#(level + 1),"type":"Shelf","values":{"title":"\#(level)","children":\#(children)}}"#)
        }
        let text = #"{"format":1,"model":"Library","version":1,"root":1,"nextID":\#(depth + 2),"nodes":["#
            + nodes.joined(separator: ",") + "]}"
        let limits = DocumentLimits(maximumDepth: depth)
        return try Mediator<Library>(opening: Data(text.utf8), limits: limits).root
    }
}

/// The root, let go of on the thread that calls `release()`.
final class Box: @unchecked Sendable {
    private var root: AnyObject?

    init(_ root: AnyObject) {
        self.root = root
    }

    func release() {
        root = nil
    }
}
