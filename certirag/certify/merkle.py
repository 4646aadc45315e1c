"""RFC 6962 Merkle hashing, the in-memory tree, and inclusion/consistency proofs of the ledger."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from certirag.errors import InputError

__all__ = [
    "EMPTY_ROOT",
    "InclusionProof",
    "MerkleTree",
    "consistency_path",
    "inclusion_path",
    "leaf_hash",
    "node_hash",
    "range_hash",
    "verify_consistency",
    "verify_inclusion",
]

EMPTY_ROOT = hashlib.sha256(b"").digest()

# ------------------------------------------------------------------ RFC 6962 hashing


def leaf_hash(data: bytes) -> bytes:
    """``sha256(0x00 || data)``."""
    return hashlib.sha256(b"\x00" + data).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    """``sha256(0x01 || left || right)``."""
    return hashlib.sha256(b"\x01" + left + right).digest()


def _split(n: int) -> int:
    """The largest power of two strictly below ``n`` (``n >= 2``)."""
    return 1 << ((n - 1).bit_length() - 1)


# perfect(level, index) -> hash of the complete subtree of 2**level leaves starting at
# leaf index * 2**level.
_Perfect = Callable[[int, int], bytes]


def range_hash(start: int, end: int, perfect: _Perfect) -> bytes:
    """MTH of leaves ``[start, end)``. Every range the RFC 6962 recursion visits starts
    at a multiple of its split, so its left parts are complete subtrees."""
    n = end - start
    if n == 0:
        return EMPTY_ROOT
    if n & (n - 1) == 0 and start % n == 0:
        return perfect(n.bit_length() - 1, start // n)
    k = _split(n)
    return node_hash(range_hash(start, start + k, perfect),
                     range_hash(start + k, end, perfect))


def _path(m: int, start: int, end: int, perfect: _Perfect) -> list[bytes]:
    n = end - start
    if n == 1:
        return []
    k = _split(n)
    if m < k:
        return [*_path(m, start, start + k, perfect), range_hash(start + k, end, perfect)]
    return [*_path(m - k, start + k, end, perfect), range_hash(start, start + k, perfect)]


def _subproof(m: int, start: int, end: int, whole: bool, perfect: _Perfect) -> list[bytes]:
    n = end - start
    if m == n:
        return [] if whole else [range_hash(start, end, perfect)]
    k = _split(n)
    if m <= k:
        return [*_subproof(m, start, start + k, whole, perfect),
                range_hash(start + k, end, perfect)]
    return [*_subproof(m - k, start + k, end, False, perfect),
            range_hash(start, start + k, perfect)]


def inclusion_path(index: int, size: int, perfect: _Perfect) -> list[bytes]:
    """The RFC 6962 audit path of leaf ``index`` in a tree of ``size`` leaves."""
    if not 0 <= index < size:
        raise InputError(f"leaf {index} is not in a tree of size {size}")
    return _path(index, 0, size, perfect)


def consistency_path(old: int, new: int, perfect: _Perfect) -> list[bytes]:
    """The RFC 6962 consistency proof from a tree of ``old`` leaves to one of ``new``."""
    if not 0 <= old <= new:
        raise InputError(f"no consistency proof from size {old} to size {new}")
    if old == 0 or old == new:
        return []
    return _subproof(old, 0, new, True, perfect)


def verify_inclusion(leaf: bytes, index: int, size: int, proof: Sequence[bytes],
                     root: bytes) -> bool:
    """Check an RFC 6962 audit path: ``leaf`` (a leaf hash) is leaf ``index`` of the tree
    of ``size`` leaves whose root is ``root``."""
    if not 0 <= index < size:
        return False
    fn, sn, r = index, size - 1, leaf
    for p in proof:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            while not fn & 1 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            r = node_hash(r, p)
        fn >>= 1
        sn >>= 1
    return sn == 0 and r == root


def verify_consistency(old_size: int, new_size: int, old_root: bytes, new_root: bytes,
                       proof: Sequence[bytes]) -> bool:
    """Check an RFC 6962 consistency proof: the tree of ``old_size`` leaves with root
    ``old_root`` is a prefix of the tree of ``new_size`` leaves with root ``new_root``."""
    if old_size < 0 or old_size > new_size:
        return False
    if old_size == new_size:
        return not proof and old_root == new_root
    if old_size == 0:
        return not proof and old_root == EMPTY_ROOT
    if not proof:
        return False
    path = list(proof)
    if old_size & (old_size - 1) == 0:  # the old tree is a complete subtree
        path.insert(0, old_root)
    fn, sn = old_size - 1, new_size - 1
    while fn & 1:
        fn >>= 1
        sn >>= 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr = node_hash(c, fr)
            sr = node_hash(c, sr)
            while not fn & 1 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            sr = node_hash(sr, c)
        fn >>= 1
        sn >>= 1
    return sn == 0 and fr == old_root and sr == new_root


class MerkleTree:
    """An in-memory RFC 6962 tree over leaf hashes (what :meth:`Ledger.verify` rebuilds)."""

    def __init__(self, leaves: Sequence[bytes]) -> None:
        self.levels: list[list[bytes]] = [list(leaves)]
        while len(self.levels[-1]) > 1:
            below = self.levels[-1]
            self.levels.append([node_hash(below[i], below[i + 1])
                                for i in range(0, len(below) - 1, 2)])

    @property
    def size(self) -> int:
        return len(self.levels[0])

    def _perfect(self, level: int, index: int) -> bytes:
        return self.levels[level][index]

    def _check_size(self, size: int | None) -> int:
        n = self.size if size is None else size
        if not 0 <= n <= self.size:
            raise InputError(f"tree size {n} is not between 0 and {self.size}")
        return n

    def root(self, size: int | None = None) -> bytes:
        """The root of the first ``size`` leaves (all by default)."""
        return range_hash(0, self._check_size(size), self._perfect)

    def inclusion_proof(self, index: int, size: int | None = None) -> list[bytes]:
        return inclusion_path(index, self._check_size(size), self._perfect)

    def consistency_proof(self, old_size: int, new_size: int | None = None) -> list[bytes]:
        return consistency_path(old_size, self._check_size(new_size), self._perfect)


@dataclass(frozen=True, slots=True)
class InclusionProof:
    """An audit path for one certificate against a signed checkpoint."""

    cert_id: str
    leaf_index: int
    tree_size: int
    leaf_hash: bytes
    root_hash: bytes
    path: tuple[bytes, ...]
    checkpoint: str

    def verify(self) -> bool:
        """Recompute the root from the leaf hash and the path."""
        return verify_inclusion(self.leaf_hash, self.leaf_index, self.tree_size, self.path,
                                self.root_hash)

    def to_dict(self) -> dict[str, Any]:
        return {"cert_id": self.cert_id, "leaf_index": self.leaf_index,
                "tree_size": self.tree_size, "leaf_hash": self.leaf_hash.hex(),
                "root_hash": self.root_hash.hex(), "path": [h.hex() for h in self.path],
                "checkpoint": self.checkpoint}
