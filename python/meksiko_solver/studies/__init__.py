"""Studies at scale: double-dummy statistics over many deals, locally or on a Dask cluster.

>>> import meksiko_solver as ms
>>> r = ms.study(3, seed=1, chunk_size=2)
>>> r.arrays["with_talon"].shape, r.summary["analyses"]
((3, 3, 4), 9)
"""

from .deals import StudyDeal, random_deal, read_deals, read_deals_file
from .errors import StudyError
from .results import result_lines
from .runner import StudyResult, study
from .spec import DEFAULT_CHUNK_SIZE, StudySpec

__all__ = ["DEFAULT_CHUNK_SIZE", "StudyDeal", "StudyError", "StudyResult", "StudySpec", "random_deal",
           "read_deals", "read_deals_file", "result_lines", "study"]
