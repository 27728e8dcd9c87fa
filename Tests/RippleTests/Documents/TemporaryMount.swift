import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A tiny tmpfs, mounted for one test where the machine allows it (Linux, as root or with
/// `CAP_SYS_ADMIN`); `RIPPLE_TMPFS` names one a maintainer mounted instead
/// (`Tests/tmpfs/run.sh`). A full disk and a read-only folder, for real.
final class TemporaryMount {
    let folder: URL
    /// Whether this test mounted it (and unmounts it).
    private let isOwned: Bool

    /// Mounts a tmpfs of `kilobytes`, or returns `nil` where the machine does not allow it.
    init?(kilobytes: Int) {
        if let given = ProcessInfo.processInfo.environment["RIPPLE_TMPFS"] {
            // A maintainer's mount, shared by the tests: each works in a folder of its own.
            folder = URL(fileURLWithPath: given).appendingPathComponent(UUID().uuidString)
            guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return nil }
            isOwned = false
            return
        }
        #if os(Linux)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-tmpfs-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return nil }
        guard mount("tmpfs", folder.path, "tmpfs", 0, "size=\(kilobytes)k") == 0 else {
            try? FileManager.default.removeItem(at: folder)
            return nil
        }
        isOwned = true
        #else
        return nil
        #endif
    }

    /// Makes the file system read-only (only one this test mounted); whether it could.
    func makeReadOnly() -> Bool {
        #if os(Linux)
        guard isOwned else { return false }
        return mount("tmpfs", folder.path, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), nil) == 0
        #else
        return false
        #endif
    }

    deinit {
        #if os(Linux)
        if isOwned { _ = umount2(folder.path, Int32(MNT_DETACH)) }
        #endif
        try? FileManager.default.removeItem(at: folder)
    }
}
