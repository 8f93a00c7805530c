"""Game equity: races over a deal corpus, checked on corpora whose answers are known."""

import numpy as np
import pytest

from meksiko_solver.game_state import GameState
from meksiko_solver.hints import equity as eq


@pytest.fixture
def one_deal_corpus(monkeypatch):
    """Every deal: dealer +5 (5 tricks), the next seat +5 (5 tricks) and declarer, the third 0."""
    row = np.array([[5, 5, 0, 5, 5, 0, 1]], dtype=np.int8)
    monkeypatch.setattr(eq, "corpus", lambda rules, mode: row)
    eq._draws.cache_clear()
    eq._cache.clear()
    yield
    eq._draws.cache_clear()
    eq._cache.clear()


def test_classic_tie_goes_to_the_last_declarer(one_deal_corpus):
    # dealer 0: seats 0 and 1 reach 51 tied; seat 1 declared the last deal
    assert eq.equity(GameState((46, 46, 0), 0, rules="classic"), rollouts=5).tolist() == [0.0, 1.0, 0.0]


def test_mexico_club_plays_on_while_tied(monkeypatch, one_deal_corpus):
    # every seat +3 every deal: the lead stays shared, so the races end shared after MAX_DEALS deals
    monkeypatch.setattr(eq, "corpus", lambda rules, mode: np.array([[3, 3, 3, 4, 3, 3, 0]], dtype=np.int8))
    assert np.allclose(eq.equity(GameState((26, 26, 26), 0, target=31), rollouts=5), 1 / 3)


def test_real_corpus_is_deterministic_and_sums_to_one():
    state = GameState((20, 25, 10), 2, target=31)
    p = eq.equity(state, seed=3)
    assert abs(p.sum() - 1) < 1e-9 and p[1] > p[0] > p[2]
    eq._cache.clear()
    assert eq.equity(state, seed=3).tolist() == p.tolist()
