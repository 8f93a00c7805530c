"""Solving one chunk of a study into numpy arrays, and the chunk files of an output folder.

A chunk's arrays, ``n`` deals by 3 seats (a seat not analysed has ``analysed`` False and -1
in its results):

- ``index`` (n) the deals' indices in the study; ``hands`` (n, 3) and ``talon`` (n) card
  masks (bit ``suit * 8 + rank``); ``dealer`` (n);
- ``analysed`` (n, 3); ``with_talon`` (n, 3, 4) the best tricks after taking the talon for
  trumps S H D C; ``meksiko`` (n, 3, 5) the tricks without the talon for S H D C and no trump;
- ``max_bid`` (n, 3) under the study's profile: 0 none, 5..10, 11 Meksiko;
- ``talon_value`` (n, 3) the best with the talon minus the best without it (over S H D C).
"""

from __future__ import annotations

import json
import os
import tempfile
from typing import Any, Dict, List, Optional

import numpy as np

from ..analysis import analyze_many
from ..cards import SUITS
from ..rules import get_rules
from ..solver import solve_many
from .errors import StudyError
from .spec import ChunkJob, StudySpec

NO_BID, MEKSIKO_CODE = 0, 11
TRUMPS = tuple(SUITS) + ("N",)  # the meksiko array's last axis
ARRAYS = ("index", "hands", "talon", "dealer", "analysed", "with_talon", "meksiko", "max_bid", "talon_value")


def meksiko_trumps(profile) -> List[int]:
    """Indices into TRUMPS of the trumps a Meksiko is played in under ``profile``."""
    return [0, 1, 2, 3] if get_rules(profile).meksiko_trump else [4]


def meksiko_makes(meksiko: np.ndarray, profile) -> np.ndarray:
    """Whether Meksiko (all ten tricks without the talon) makes under ``profile``, per seat."""
    return (meksiko[..., meksiko_trumps(profile)] == 10).any(axis=-1)


def max_bid_codes(with_talon: np.ndarray, meksiko: np.ndarray, profile) -> np.ndarray:
    """The highest contract made: Meksiko (11), else the best tricks with the talon if 5 or
    more, else 0; the same rule as DeclarerAnalysis.max_bid."""
    best = with_talon.max(axis=-1)
    codes = np.where(best >= 5, best, NO_BID)
    return np.where(meksiko_makes(meksiko, profile), MEKSIKO_CODE, codes).astype(np.int8)


def solve_chunk(job: ChunkJob, threads: int = 0) -> Dict[str, Any]:
    """The chunk's arrays: every seat (or the deal's declarer) analysed double-dummy.

    The talon analysis is the library's (mexico-club: Meksiko with each trump); Meksiko
    without trump is one more solve per seat of the hands as dealt, the declarer leading.
    """
    deals = job.study_deals()
    n = len(deals)
    with_talon = np.full((n, 3, 4), -1, np.int8)
    meksiko = np.full((n, 3, 5), -1, np.int8)
    groups: Dict[Optional[int], List[int]] = {}  # declarer (None: every seat) -> rows
    for row, deal in enumerate(deals):
        groups.setdefault(deal.declarer, []).append(row)
    cards = [d.cards() for d in deals]
    for declarer, group in groups.items():
        results = analyze_many([cards[r] for r in group], declarer, "mexico-club", threads)
        for row, result in zip(group, results):
            for a in getattr(result, "seats", [result]):
                with_talon[row, a.declarer] = [a.with_talon[t]["tricks"] for t in SUITS]
                meksiko[row, a.declarer, :4] = [a.meksiko[t] for t in SUITS]
    analysed = with_talon[:, :, 0] >= 0
    rows, seats = np.nonzero(analysed)
    no_trump = solve_many([(cards[r][0], None, int(s), int(s)) for r, s in zip(rows, seats)], threads=threads)
    meksiko[rows, seats, 4] = [r.tricks for r in no_trump]
    talon_value = with_talon.max(axis=-1) - meksiko[:, :, :4].max(axis=-1)
    return {
        "index": np.arange(job.start, job.start + n, dtype=np.int64),
        "hands": np.array([d.hands for d in deals], np.uint32).reshape(n, 3),
        "talon": np.array([d.talon for d in deals], np.uint32),
        "dealer": np.array([d.dealer for d in deals], np.int8),
        "analysed": analysed,
        "with_talon": with_talon,
        "meksiko": meksiko,
        "max_bid": np.where(analysed, max_bid_codes(with_talon, meksiko, job.rules), -1).astype(np.int8),
        "talon_value": np.where(analysed, talon_value, -1).astype(np.int8),
    }


def concatenate(chunks: List[Dict[str, Any]]) -> Dict[str, Any]:
    """One set of arrays from chunks in study order."""
    return {name: np.concatenate([c[name] for c in chunks]) for name in ARRAYS}


class ChunkStore:
    """An output folder: ``study.json`` (the spec) and ``chunks/chunk-NNNNNN.npz``.

    Opening checks that the folder holds no other study; chunk files are written whole
    (a temporary file renamed), so a study stopped at any moment resumes from its chunks.
    """

    def __init__(self, out: str, spec: StudySpec) -> None:
        self.out, self.spec, self.fingerprint = out, spec, spec.fingerprint()
        self.chunk_dir = os.path.join(out, "chunks")
        try:
            os.makedirs(self.chunk_dir, exist_ok=True)
        except OSError as exc:
            raise StudyError(f"cannot make the output folder {out}: {exc.strerror or exc}") from None
        self._check_folder()
        self._write_json(os.path.join(out, "study.json"), {**spec.describe(), "fingerprint": self.fingerprint})

    def _check_folder(self) -> None:
        manifest = os.path.join(self.out, "study.json")
        if os.path.exists(manifest):
            try:
                with open(manifest, encoding="utf-8") as f:
                    theirs = json.load(f)
            except (OSError, ValueError) as exc:
                raise StudyError(f"{manifest} is not a study's description: {exc}") from None
            if theirs.get("fingerprint") != self.fingerprint:
                ours = self.spec.describe()
                diff = [f"{k} {theirs.get(k)!r}, not {ours[k]!r}" for k in ours if theirs.get(k) != ours[k]]
                raise StudyError(f"the output folder {self.out} holds another study's chunks "
                                 f"({'; '.join(diff) or 'a different study'}): use another --out or empty it")
        for name in sorted(os.listdir(self.chunk_dir)):
            if name.endswith(".npz") and self._fingerprint_of(os.path.join(self.chunk_dir, name)) != self.fingerprint:
                raise StudyError(f"the output folder {self.out} holds another study's chunks "
                                 f"({name}): use another --out or empty it")

    @staticmethod
    def _fingerprint_of(path: str) -> Optional[str]:
        try:
            with np.load(path, allow_pickle=False) as data:
                return str(data["fingerprint"])
        except (OSError, ValueError, KeyError):
            return None

    def path(self, index: int) -> str:
        return os.path.join(self.chunk_dir, f"chunk-{index:06d}.npz")

    def load(self, index: int) -> Optional[Dict[str, Any]]:
        """The chunk's arrays if its file is there and whole, else None."""
        path = self.path(index)
        if not os.path.exists(path):
            return None
        try:
            with np.load(path, allow_pickle=False) as data:
                if str(data["fingerprint"]) != self.fingerprint:
                    return None
                return {name: data[name] for name in ARRAYS}
        except (OSError, ValueError, KeyError):
            return None

    def save(self, index: int, arrays: Dict[str, Any]) -> None:
        fd, tmp = tempfile.mkstemp(dir=self.chunk_dir, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            np.savez_compressed(f, fingerprint=np.array(self.fingerprint), **arrays)
        os.replace(tmp, self.path(index))

    def _write_json(self, path: str, data: Dict[str, Any]) -> None:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2)
            f.write("\n")

