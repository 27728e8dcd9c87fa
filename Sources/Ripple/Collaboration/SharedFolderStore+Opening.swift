import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SharedFolderStore {
    /// A shared folder's document opened as one replica: the genesis with every change in the
    /// folder merged, this replica's own first.
    @MainActor
    struct Opening {
        let mediator: Mediator<Root>
        let files: ChangeFolder
        /// The changes this replica's own file holds.
        let written: DocumentVersion
        /// What could not be merged of the others' files, which the first sync throws.
        let refusal: (any Error)?

        init(genesis: Data, folder: URL, replica: ReplicaID, files calls: any FileSystemCalls) throws {
            mediator = try Mediator<Root>(opening: genesis)
            mediator.startReplica(as: replica)
            files = try ChangeFolder(url: folder, replica: replica, files: calls)
            try SharedFolderStore.merge(files.readOwn(), into: mediator)
            written = mediator.version
            do {
                try SharedFolderStore.merge(files.readNew(), into: mediator)
                refusal = nil
            } catch {
                // Another file that cannot be merged (another document's, the losing genesis's
                // replica) must not keep the folder from opening: the first sync throws it.
                refusal = error
            }
        }

        /// Whether this replica's file can be trusted to hold every change it numbered: it
        /// still ends as it did at the last clean close (`closedAt`), and the others' files
        /// hold none of its changes beyond it. After a crash (no close recorded) the file is
        /// trusted as it is: it holds every update that returned, and a new replica at every
        /// crash (or every launch whose store was never released) would leave a file each time.
        func trusts(_ closedAt: OwnFileMark?) throws -> Bool {
            let replica = mediator.replicaID
            if mediator.version[replica] > written[replica] { return false }
            guard let closedAt else { return true }
            return try files.ownFileContinues(closedAt)
        }
    }

    /// The bytes of the folder's genesis: `genesis.ripple`'s, or a new document's, written
    /// there by `replica` when the folder holds no change yet.
    ///
    /// - Throws: ``ReplicaError/folderNotSyncedYet`` when the folder holds changes but no
    ///   genesis yet (a new genesis there would begin another document).
    static func genesis(in folder: URL, for replica: ReplicaID, files: any FileSystemCalls) throws -> Data {
        let genesis = folder.appendingPathComponent("genesis.ripple")
        if let bytes = try? Data(contentsOf: genesis) { return bytes }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        if names.contains(where: { $0.hasSuffix(".ripplechanges") }) { throw ReplicaError.folderNotSyncedYet }
        let mediator = Mediator(root: Root._rippleMakeRoot())
        mediator.startReplica(as: replica)
        let bytes = try mediator.snapshot()
        try writeGenesis(Array(bytes), to: genesis.path, files: files)
        return Data(bytes)
    }

    /// Writes `bytes` as the folder's genesis at `path`, unless one is there: aside first, then
    /// linked into place. A kill while it is written leaves no torn genesis (which would keep
    /// every device from opening the folder), and a genesis another device's sync engine
    /// brought meanwhile stays (the first genesis is the document; a rename would replace it).
    fileprivate static func writeGenesis(_ bytes: [UInt8], to path: String, files: any FileSystemCalls) throws {
        let folder = (path as NSString).deletingLastPathComponent
        // Hidden: readers of the folder and sync engines pass over names that start with a dot.
        let aside = folder + "/.genesis-\(UUID().uuidString).ripple"
        let descriptor = try ChangeFolder.call("create", aside) { try files.open(aside, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        defer { try? files.unlink(aside) }
        do {
            try files.writeWhole(bytes, at: 0, to: descriptor, path: aside)
            try ChangeFolder.call("fsync", aside) { try files.sync(descriptor) }
        } catch {
            files.close(descriptor)
            throw error
        }
        files.close(descriptor)
        let beganElsewhere = ReplicaError.malformed("another replica began sharing this folder at the same time; open it again")
        if link(aside, path) != 0 {
            guard errno != EEXIST else { throw beganElsewhere }
            // A file system without hard links (FAT, some network shares): a rename, after a look.
            guard try ChangeFolder.call("stat", path, { try files.status(atPath: path, followingLinks: false) }) == nil else {
                throw beganElsewhere
            }
            try ChangeFolder.call("rename", aside) { try files.rename(aside, to: path) }
        }
        try ChangeFolder.call("sync the folder", folder) { try files.syncFolder(folder) }
    }
}
