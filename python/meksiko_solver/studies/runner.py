"""``study(...)``: a double-dummy study of many deals, locally or on a Dask cluster.

The chunks are solved (or, from an output folder, loaded), gathered in study order and
summarised; with ``out`` the folder gets study.json, chunks/*.npz, results.jsonl,
summary.json, the CSV tables and the plots. Whatever ran the chunks (this machine's cores
or any number of cluster workers) the arrays, and so summary.json, are the same.
"""

from __future__ import annotations

import csv
import json
import os
from dataclasses import dataclass
from typing import Any, Callable, Dict, Optional, Sequence, Union

from ..extras import import_extra
from .chunks import ChunkStore, concatenate
from .deals import StudyDeal, parse_study_deal, read_deals_file
from .errors import StudyError
from .executors import CONNECT_TIMEOUT_S, check_address, run_dask, run_local
from .results import write_results
from .spec import DEFAULT_CHUNK_SIZE, StudySpec
from .stats import summarize, tables

Progress = Callable[[int, int], None]  # (deals done, deals in the study)


@dataclass(frozen=True)
class StudyResult:
    """The study's arrays (every chunk's, concatenated in study order; see chunks.py), its
    summary (the contents of summary.json) and the output folder (None if none)."""

    arrays: Dict[str, Any]
    summary: Dict[str, Any]
    out: Optional[str] = None


def make_spec(deals: Union[int, Sequence[object], None], seed: object, input: Optional[str],
              rules: object, chunk_size: object) -> StudySpec:
    if (deals is None) == (input is None):
        raise StudyError("a study needs either a number of random deals or given deals (input)")
    if input is not None:
        return StudySpec.given(read_deals_file(input), rules, chunk_size)
    if isinstance(deals, int) and not isinstance(deals, bool):
        if deals < 1:
            raise StudyError(f"the number of deals must be a positive whole number, not {deals}")
        return StudySpec.random(deals, seed, rules, chunk_size)
    if isinstance(deals, (list, tuple)):
        given = []
        for i, d in enumerate(deals):
            try:
                given.append(d if isinstance(d, StudyDeal) else parse_study_deal(d, i))
            except ValueError as exc:
                raise StudyError(f"deals[{i}]: {exc}") from None
        return StudySpec.given(given, rules, chunk_size)
    raise StudyError(f"deals must be a number of random deals or a list of deals, not {deals!r}")


def study(deals: Union[int, Sequence[object], None] = None, *, seed: int = 0, input: Optional[str] = None,
          rules: object = None, out: Optional[str] = None, scheduler: Optional[str] = None,
          chunk_size: int = DEFAULT_CHUNK_SIZE, threads: int = 0, progress: Optional[Progress] = None,
          plots: bool = True, scheduler_timeout: float = CONNECT_TIMEOUT_S) -> StudyResult:
    """Study ``deals`` random deals dealt from ``seed`` (or a list of deals, or the JSON-lines
    file ``input``, a line possibly naming its declarer) under the rule profile ``rules``.

    Locally on ``threads`` engine threads (0: every core), or on the Dask scheduler at
    ``scheduler`` (``tcp://HOST:PORT``, waited for ``scheduler_timeout`` seconds), ``chunk_size``
    deals a task. With ``out`` the study
    resumes from the chunks already there and writes its files (plots too unless ``plots``
    is False). ``progress(done, total)`` is called as chunks finish.
    """
    spec = make_spec(deals, seed, input, rules, chunk_size)
    if out is not None and plots:  # before the work, not after it
        import_extra(f"{__package__}.plots", "study", "drawing a study's plots",
                     "study with plots=False (the command line's --no-plots)")
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 0:
        raise StudyError(f"threads must be 0 (every core) or a positive number, not {threads!r}")
    if scheduler is not None:
        scheduler = check_address(scheduler)
    store = ChunkStore(out, spec) if out is not None else None
    chunks: Dict[int, Dict[str, Any]] = {}
    pending = []
    for job in spec.jobs():
        arrays = store.load(job.index) if store else None
        if arrays is not None and arrays["index"].size == job.count:
            chunks[job.index] = arrays
        else:
            pending.append(job)
    done = spec.count - sum(job.count for job in pending)
    if progress:
        progress(done, spec.count)
    if scheduler is not None:
        solved = run_dask(pending, scheduler, scheduler_timeout)
    else:
        solved = run_local(pending, threads)
    for job, arrays in solved:
        if store:
            store.save(job.index, arrays)
        chunks[job.index] = arrays
        done += job.count
        if progress:
            progress(done, spec.count)
    arrays = concatenate([chunks[i] for i in range(spec.chunks)])
    # The chunk size only cuts the work up: the summary is the same whatever it is.
    described = {k: v for k, v in spec.describe().items() if k != "chunk_size"}
    summary = summarize(arrays, spec.rules, described)
    if out is not None:
        write_outputs(arrays, summary, out, plots)
    return StudyResult(arrays, summary, out)


def write_outputs(arrays: Dict[str, Any], summary: Dict[str, Any], out: str, plots: bool = True) -> None:
    write_results(arrays, os.path.join(out, "results.jsonl"))
    with open(os.path.join(out, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=2)
        f.write("\n")
    for name, rows in tables(summary).items():
        with open(os.path.join(out, name), "w", encoding="utf-8", newline="") as f:
            csv.writer(f).writerows(rows)
    if plots:
        from .plots import write_plots

        write_plots(summary, out)
