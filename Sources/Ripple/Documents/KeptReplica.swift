internal import RippleJSON

/// The replica identity a ``DocumentStore`` keeps in the header of its document's snapshots,
/// with the file each snapshot was written as: its device, inode and birth, taken from the new
/// file before its bytes are written. Renaming the file over the document keeps them; a copy of the
/// document (in the Finder, by a backup put back, on another device) is another file, and
/// opens as a new replica: two replicas of one identity would number different changes alike,
/// and never converge. A volume that comes back with another device number opens as a new
/// replica too, which costs nothing but a longer version. The birth tells a backup copied back in
/// the place of the deleted original from the original, when the file system gives the freed
/// inode to the next file made (ext4 and APFS do): the copy is born later. What this cannot
/// tell: such a copy on a file system that keeps no births (snapshots written before births
/// were kept, too).
///
/// Only the store writes these members: the snapshot a mediator hands others
/// (``Mediator/snapshot()``) holds no identity, so that whoever opens it is a replica of its own.
struct KeptReplica: Equatable {
    let replicaID: ReplicaID
    let device: UInt64
    let inode: UInt64
    /// 0 when the file system keeps no births.
    let birth: UInt64

    private static let identityKey = "replica"
    private static let deviceKey = "replicaDevice"
    private static let inodeKey = "replicaInode"
    private static let birthKey = "replicaBirth"

    /// `replicaID`, kept in the snapshot written as `file`.
    init(_ replicaID: ReplicaID, file: FileStatus) {
        self.replicaID = replicaID
        device = file.device
        inode = file.inode
        birth = file.birth
    }

    /// What the snapshot `header` (the parsed document) keeps, if it keeps an identity.
    init?(_ header: JSONValue) {
        guard let raw = try? header.memberIfPresent(Self.identityKey)?.uint64(), let replicaID = ReplicaID(rawValue: raw),
            let device = try? header.memberIfPresent(Self.deviceKey)?.uint64(),
            let inode = try? header.memberIfPresent(Self.inodeKey)?.uint64()
        else { return nil }
        self.replicaID = replicaID
        self.device = device
        self.inode = inode
        birth = (try? header.memberIfPresent(Self.birthKey)?.uint64()) ?? 0
    }

    /// The identity kept, if `file` (the document as it was read) is the file the snapshot was
    /// written as.
    func replicaID(ofFile file: FileStatus?) -> ReplicaID? {
        guard let file, file.device == device, file.inode == inode, file.birth == birth || birth == 0 else { return nil }
        return replicaID
    }

    /// The members of a snapshot's header that keep it.
    var headerMembers: [(String, UInt64)] {
        [(Self.identityKey, replicaID.rawValue), (Self.deviceKey, device), (Self.inodeKey, inode)]
            + (birth == 0 ? [] : [(Self.birthKey, birth)])
    }
}
