#!/usr/bin/env python3
"""The comparison side of ripple-bench's collaboration rows: Loro (PyPI `loro`) and Yrs (PyPI
`pycrdt`) replaying the operations that the Ripple side replays, through their Python bindings.

    python3 crdt_bench.py [--quick]        # prints one JSON object on stdout

Only the libraries' native calls are timed (importing or applying encoded updates); building
the documents, generating the operations and encoding what is imported happen outside the clock.

The model, the same in every library and in Ripple's rows: a document of NODES nodes, each with
the three properties PROPERTIES ("x", "y", "label"), all integers. In Loro a root map "nodes"
holds one map container per node, keyed "n<index>"; in Yrs a root Map "nodes" holds one nested
Map per node, keyed the same. Every node starts with x = index, y = 2 * index, label = 0.

The operations: write i (0-based) sets property PROPERTIES[r2 % 3] of node r1 % NODES to the
integer i, where r1 and r2 are the next two outputs of SplitMix64 seeded with SEED (the
generator of Ripple's tests and benches: `SeededGenerator(state: SEED)`, whose next() is
`state += 0x9E3779B97F4A7C15` and the usual mix), so the Swift side draws the same writes.

Figures (per library, under its name in the JSON object):

- "merge_seconds": merging WRITES (100,000) property writes made by another replica. Replica A
  and replica B start from the same document of NODES nodes (B imported A's snapshot). A makes
  the writes, one commit (Loro) / one transaction (Yrs) per write, as a user's separate edits;
  A then encodes everything B lacks as one update (Loro: `export(ExportMode.Updates(B's
  version vector))`; Yrs: `get_update(B's state vector)`). The time is B's import of that one
  update (Loro `import_`, Yrs `apply_update`), best of RUNS (5) runs, each into a fresh copy of
  B. "merge_update_bytes" is that update's size.
- "bytes_per_change": one property write exported as an update on its own: on a document of
  NODES nodes, CHANGE_SAMPLES (1,000) times: take the version, make one write (one commit or
  transaction), encode the update since that version; the mean of the updates' sizes in bytes.
- "snapshot_bytes": {"1000": n, "100000": n}: the encoded full state of a document of that many
  nodes with their 3 properties, as created (one commit or transaction for the whole document):
  Loro `export(ExportMode.Snapshot())`, Yrs `get_update()` (its whole-document encoding).
  "json_bytes" beside it is the same content as compact JSON ({"n0": {"x": 0, "y": 0,
  "label": 0}, ...}), a size without any CRDT metadata to compare the overhead with.
- "memory_bytes": {"1000": n, "100000": n}: how much the resident set of a fresh Python process
  grows while it builds a document of that many nodes (as the snapshot's, one commit or
  transaction), the library loaded beforehand: the native document as an app that made it holds
  it (its state and its history), once the library has set itself up (a one-node document made
  first), plus what Python's allocator keeps of the handles it made on
  the way (an upper bound). Linux reads the resident set from /proc/self/statm; elsewhere it is
  the peak (`ru_maxrss`), a coarser upper bound. null when the child process fails.
- "memory_after_import_bytes": the same, for importing that snapshot into an empty document
  (the snapshot's bytes read beforehand): what a replica that opens the document holds. Loro
  decodes a snapshot's containers lazily, on first access, so its figure here is low.

Each library's version is in its "version"; "workload" says what was replayed (the Swift side
checks it replays the same), "missing" which library could not be imported. --quick divides WRITES and CHANGE_SAMPLES by 10
and skips the 100,000-node document, for a smoke test.
"""

import json
import subprocess
import sys
import time

SEED = 27
NODES = 1_000
PROPERTIES = ("x", "y", "label")
WRITES = 100_000
CHANGE_SAMPLES = 1_000
RUNS = 5
SNAPSHOT_NODES = (1_000, 100_000)
MASK = (1 << 64) - 1


class SplitMix64:
    """The generator of Ripple's tests and benches (SeededGenerator), bit for bit."""

    def __init__(self, state):
        self.state = state & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)


def writes(count, nodes=NODES, seed=SEED):
    """The writes: (node index, property name, value)."""
    random = SplitMix64(seed)
    for index in range(count):
        node = random.next() % nodes
        prop = PROPERTIES[random.next() % len(PROPERTIES)]
        yield node, prop, index


def initial(index):
    return {"x": index, "y": 2 * index, "label": 0}


def json_size(nodes):
    content = {f"n{index}": initial(index) for index in range(nodes)}
    return len(json.dumps(content, separators=(",", ":")).encode())


# MARK: Loro


class LoroSide:
    name = "loro"

    def __init__(self):
        import loro

        self.loro = loro
        self.version = getattr(loro, "LORO_VERSION", None)
        self.version = self.version() if callable(self.version) else self.version

    def document(self, nodes, peer):
        loro = self.loro
        doc = loro.LoroDoc()
        doc.peer_id = peer
        root = doc.get_map("nodes")
        for index in range(nodes):
            node = root.insert_container(f"n{index}", loro.LoroMap())
            for prop, value in initial(index).items():
                node.insert(prop, value)
        doc.commit()
        return doc

    def node_maps(self, doc, nodes):
        root = doc.get_map("nodes")
        return [root.get(f"n{index}").container for index in range(nodes)]

    def snapshot(self, doc):
        return doc.export(self.loro.ExportMode.Snapshot())

    def fresh(self, snapshot, peer):
        doc = self.loro.LoroDoc()
        doc.peer_id = peer
        doc.import_(snapshot)
        return doc

    def version_of(self, doc):
        return doc.oplog_vv

    def write(self, doc, node_map, prop, value):
        node_map.insert(prop, value)
        doc.commit()

    def update_since(self, doc, version):
        return doc.export(self.loro.ExportMode.Updates(version))

    def apply(self, doc, update):
        doc.import_(update)

    def read(self, doc, node, prop):
        return doc.get_map("nodes").get(f"n{node}").container.get(prop).value


# MARK: Yrs


class YrsSide:
    name = "yrs"

    def __init__(self):
        import pycrdt

        self.pycrdt = pycrdt
        self.version = getattr(pycrdt, "__version__", None)

    def document(self, nodes, peer):
        pycrdt = self.pycrdt
        doc = pycrdt.Doc(client_id=peer)
        root = doc.get("nodes", type=pycrdt.Map)
        with doc.transaction():
            for index in range(nodes):
                root[f"n{index}"] = pycrdt.Map(initial(index))
        return doc

    def node_maps(self, doc, nodes):
        root = doc.get("nodes", type=self.pycrdt.Map)
        return [root[f"n{index}"] for index in range(nodes)]

    def snapshot(self, doc):
        return doc.get_update()

    def fresh(self, snapshot, peer):
        doc = self.pycrdt.Doc(client_id=peer)
        doc.get("nodes", type=self.pycrdt.Map)
        doc.apply_update(snapshot)
        return doc

    def version_of(self, doc):
        return doc.get_state()

    def write(self, doc, node_map, prop, value):
        with doc.transaction():
            node_map[prop] = value

    def update_since(self, doc, version):
        return doc.get_update(version)

    def apply(self, doc, update):
        doc.apply_update(update)

    def read(self, doc, node, prop):
        return doc.get("nodes", type=self.pycrdt.Map)[f"n{node}"][prop]


# MARK: Figures


def merge(side, write_count):
    """Best of RUNS imports of one update holding write_count writes made by another replica."""
    writer = side.document(NODES, peer=1)
    base = side.snapshot(writer)
    version = side.version_of(side.fresh(base, peer=2))
    maps = side.node_maps(writer, NODES)
    last = {}
    for node, prop, value in writes(write_count):
        side.write(writer, maps[node], prop, value)
        last[(node, prop)] = value
    update = side.update_since(writer, version)
    best = None
    for _ in range(RUNS):
        reader = side.fresh(base, peer=2)
        start = time.perf_counter()
        side.apply(reader, update)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    # The import did its work: the last write of every property written is there.
    for (node, prop), value in last.items():
        assert side.read(reader, node, prop) == value, f"{side.name}: the merge lost a write"
    return best, len(update)


def bytes_per_change(side, samples):
    doc = side.document(NODES, peer=3)
    maps = side.node_maps(doc, NODES)
    total = 0
    for node, prop, value in writes(samples, seed=SEED + 1):
        version = side.version_of(doc)
        side.write(doc, maps[node], prop, value)
        total += len(side.update_since(doc, version))
    return total / samples


def memory(side_name, nodes, snapshot=None):
    """The growth of a fresh process's resident set when it builds a document of nodes nodes,
    or when it imports snapshot into an empty one."""
    child = f"""
import gc, os, resource, sys
sys.path.insert(0, {repr(sys.path[0])})
import crdt_bench
side = crdt_bench.LoroSide() if {side_name!r} == "loro" else crdt_bench.YrsSide()
snapshot = sys.stdin.buffer.read()
def resident():
    # The resident set now where /proc tells it (Linux); elsewhere the peak (ru_maxrss, in
    # bytes on macOS), which a fresh process reaches while building or importing.
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
# A first document of one node, so that what the library sets up once is not counted.
warm_up = side.fresh(side.snapshot(side.document(1, peer=8)), peer=7)
gc.collect()
before = resident()
doc = side.fresh(snapshot, peer=9) if snapshot else side.document({nodes}, peer=9)
gc.collect()
print(resident() - before)
"""
    try:
        result = subprocess.run([sys.executable, "-c", child], input=snapshot or b"", capture_output=True, check=True)
        return int(result.stdout.decode().strip())
    except Exception:  # noqa: BLE001 -- memory is reported when measurable, null otherwise
        return None


def measure(side, quick):
    write_count = WRITES // 10 if quick else WRITES
    samples = CHANGE_SAMPLES // 10 if quick else CHANGE_SAMPLES
    sizes = SNAPSHOT_NODES[:1] if quick else SNAPSHOT_NODES
    seconds, update_bytes = merge(side, write_count)
    figures = {
        "version": side.version,
        "merge_writes": write_count,
        "merge_seconds": seconds,
        "merge_update_bytes": update_bytes,
        "bytes_per_change": bytes_per_change(side, samples),
        "snapshot_bytes": {},
        "memory_bytes": {},
        "memory_after_import_bytes": {},
    }
    for nodes in sizes:
        snapshot = side.snapshot(side.document(nodes, peer=4))
        figures["snapshot_bytes"][str(nodes)] = len(snapshot)
        figures["memory_bytes"][str(nodes)] = memory(side.name, nodes)
        figures["memory_after_import_bytes"][str(nodes)] = memory(side.name, nodes, snapshot)
    return figures


def main():
    quick = "--quick" in sys.argv[1:]
    report = {
        # What was replayed, for the Swift side to check that it replays the same.
        "workload": {
            "seed": SEED,
            "nodes": NODES,
            "properties": list(PROPERTIES),
            "writes": WRITES // 10 if quick else WRITES,
            "change_samples": CHANGE_SAMPLES // 10 if quick else CHANGE_SAMPLES,
            "snapshot_nodes": list(SNAPSHOT_NODES[:1] if quick else SNAPSHOT_NODES),
        },
        "runs": RUNS,
        "json_bytes": {str(nodes): json_size(nodes) for nodes in (SNAPSHOT_NODES[:1] if quick else SNAPSHOT_NODES)},
    }
    missing = []
    for make in (LoroSide, YrsSide):
        try:
            side = make()
        except ImportError as error:
            missing.append(f"{make.name}: {error}")
            continue
        report[side.name] = measure(side, quick)
    report["missing"] = missing
    print(json.dumps(report))


if __name__ == "__main__":
    main()
