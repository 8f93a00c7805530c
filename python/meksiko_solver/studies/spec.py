"""What a study is: its deals (random from a seed, or given), its rule profile and its chunks.

Two runs with the same spec compute the same chunks; the spec's fingerprint, stored in the
output folder and in every chunk, tells a resumable folder from another study's.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

from ..rules import get_rules
from .deals import StudyDeal, random_deal
from .errors import StudyError

#: Deals per chunk: one task on a cluster, one file of results, one step of the progress bar.
DEFAULT_CHUNK_SIZE = 1000
#: The format of the output folder; a change of the arrays' meaning changes it.
FORMAT = 1


def _positive(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise StudyError(f"{what} must be a positive whole number, not {value!r}")
    return value


@dataclass(frozen=True)
class ChunkJob:
    """One chunk's work: deals ``start .. start + count - 1``, dealt from ``seed`` or given in ``deals``.
    Small and picklable: a cluster worker deals a random chunk itself."""

    index: int
    start: int
    count: int
    rules: str
    seed: Optional[int]
    deals: Optional[Tuple[StudyDeal, ...]]

    def study_deals(self) -> List[StudyDeal]:
        if self.deals is not None:
            return list(self.deals)
        assert self.seed is not None  # a random chunk has its seed
        return [random_deal(self.seed, i) for i in range(self.start, self.start + self.count)]


@dataclass(frozen=True)
class StudySpec:
    """A study: ``count`` random deals from ``seed``, or the given ``deals``; ``rules`` is the
    profile of max_bid and of the contracts' statistics."""

    rules: str
    count: int
    seed: Optional[int] = None
    deals: Optional[Tuple[StudyDeal, ...]] = None
    chunk_size: int = DEFAULT_CHUNK_SIZE

    @classmethod
    def random(cls, count: object, seed: object = 0, rules: object = None,
               chunk_size: object = DEFAULT_CHUNK_SIZE) -> "StudySpec":
        n = _positive(count, "the number of deals")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise StudyError(f"the seed must be a whole number, not {seed!r}")
        return cls(get_rules(rules).name, n, seed, None, _positive(chunk_size, "the chunk size"))

    @classmethod
    def given(cls, deals: Sequence[StudyDeal], rules: object = None,
              chunk_size: object = DEFAULT_CHUNK_SIZE) -> "StudySpec":
        if not deals:
            raise StudyError("a study of given deals needs at least one deal")
        return cls(get_rules(rules).name, len(deals), None, tuple(deals), _positive(chunk_size, "the chunk size"))

    @property
    def chunks(self) -> int:
        return -(-self.count // self.chunk_size)

    def jobs(self) -> Iterator[ChunkJob]:
        for index in range(self.chunks):
            start = index * self.chunk_size
            count = min(self.chunk_size, self.count - start)
            deals = None if self.deals is None else self.deals[start:start + count]
            yield ChunkJob(index, start, count, self.rules, self.seed, deals)

    def describe(self) -> Dict[str, Any]:
        """The spec as study.json shows it (given deals by their digest)."""
        source = ({"source": "random", "seed": self.seed} if self.deals is None
                  else {"source": "given", "deals_sha256": self._deals_digest()})
        return {"format": FORMAT, **source, "deals": self.count, "rules": self.rules, "chunk_size": self.chunk_size}

    def fingerprint(self) -> str:
        return hashlib.sha256(json.dumps(self.describe(), sort_keys=True).encode()).hexdigest()

    def _deals_digest(self) -> str:
        digest = hashlib.sha256()
        for d in self.deals or ():
            digest.update(f"{d.hands[0]},{d.hands[1]},{d.hands[2]},{d.talon},{d.declarer},{d.dealer};".encode())
        return digest.hexdigest()
