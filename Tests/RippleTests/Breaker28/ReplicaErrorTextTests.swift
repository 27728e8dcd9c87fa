@testable import Ripple
import Testing

/// Issue 28's breaker: what the errors tell a new user to do.
@Suite struct ReplicaErrorTextTests {
    /// A `DocumentStore`'s mediator refuses `changes(since:)` and `merge(_:)` with "only when
    /// the store is shared (sharing: .folder)", but `DocumentStore` has no `sharing:` parameter:
    /// the user looks for an API that is not there. The message should name what to use,
    /// `SharedFolderStore`, as EditingTogether.md does.
    @Test func storeIsNotSharedNamesTheStoreToUse() {
        let text = ReplicaError.storeIsNotShared.description
        #expect(!text.contains("sharing: .folder"))
        #expect(text.contains("SharedFolderStore"))
    }
}
