"""The benchmark study: 2000 random deals from seed 2026 in chunks of 1000 (one a worker on
the loopback cluster of two), and its stored answers: the counts of summary.json."""

from __future__ import annotations

import hashlib

import numpy as np

STUDY = {"deals": 2000, "seed": 2026, "chunk_size": 1000}


def answer(result) -> dict:
    """What the stored answer holds: the main counts and a digest of every array."""
    s = result.summary
    digest = hashlib.sha256()
    for name in sorted(result.arrays):
        digest.update(name.encode() + np.ascontiguousarray(result.arrays[name]).tobytes())
    return {
        "max_bid": {b: e["count"] for b, e in s["max_bid"]["by_position"]["all"].items()},
        "makes": {c: e["count"] for c, e in s["p_make"]["all"].items()},
        "talon_value": {v: e["count"] for v, e in s["talon_value"]["distribution"].items()},
        "meksiko": {name: e["count"] for name, e in s["meksiko"].items()},
        "arrays_sha256": digest.hexdigest(),
    }
