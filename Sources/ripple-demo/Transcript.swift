import Ripple

/// Prints the demo's steps: for each, who fired in which order and why (from the mediator's
/// refresh log), and under each observer what it showed.
@MainActor
final class Transcript {
    private let mediator: Mediator<MusicLibrary>
    private var stepNumber = 0
    /// What each observer showed during the current step.
    private var shown: [String: String] = [:]

    init(_ mediator: Mediator<MusicLibrary>) {
        self.mediator = mediator
        mediator.isLogging = true
    }

    /// Called by observers instead of drawing on a screen.
    func show(_ observer: String, _ text: String) {
        shown[observer] = text
    }

    /// Runs one step of the session and prints what happened.
    func step(_ title: String, _ body: () async throws -> Void) async {
        stepNumber += 1
        print("\n\(stepNumber). \(title)")
        let lastRefresh = mediator.refreshLog.last?.number ?? 0
        shown.removeAll()
        do {
            try await body()
        } catch {
            print("   rolled back: \(error)")
        }
        let refreshes = mediator.refreshLog.filter { $0.number > lastRefresh && !$0.firings.isEmpty }
        if refreshes.isEmpty { print("   nobody fired") }
        for (index, refresh) in refreshes.enumerated() {
            if index > 0 { print("   then, in refresh \(refresh.number):") }
            for firing in refresh.firings { print(describe(firing)) }
        }
    }

    private func describe(_ firing: RefreshRecord.Firing) -> String {
        let reasons = firing.reasons.map(\.description).joined(separator: ", ")
        var line = "   " + padded(firing.role, 12) + padded(firing.registration, 16) + reasons
        if firing.role == "observer", let text = shown[firing.registration] {
            line += "\n" + String(repeating: " ", count: 31) + "shows: " + text
        }
        return line
    }

    private func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

/// `m:ss`.
func minutes(_ seconds: Int) -> String {
    let remainder = seconds % 60
    return "\(seconds / 60):\(remainder < 10 ? "0" : "")\(remainder)"
}
