"""POST /v1/deal/random and POST /v1/deal/parse: a deal as dealt, for the page and the other routes."""

from __future__ import annotations

import random
from typing import Any, Dict, Optional, Sequence

from fastapi import APIRouter

from meksiko_solver.analysis import parse_deal
from meksiko_solver.cards import Card, Hand
from meksiko_solver.deal import deal_cards
from meksiko_solver.record import DealRecord

from ..errors import ERROR_RESPONSES
from ..models import DealResponse, ParseDealRequest, RandomDealRequest

router = APIRouter(prefix="/v1/deal", tags=["deal"], responses=ERROR_RESPONSES)

SEED_BITS = 31  # fresh seeds stay small enough to read, type and keep exact in JavaScript


def deal_response(hands: Sequence[Sequence[Card]], talon: Sequence[Card], dealer: int, rules: str,
                  seed: Optional[int] = None) -> Dict[str, Any]:
    """The deal in every form: card lists, holdings, text, and a deal record before the auction."""
    record = DealRecord(dealer=dealer, hands=tuple(tuple(h) for h in hands), talon=tuple(talon), rules=rules)
    holdings = [str(Hand(h)) for h in record.hands]
    talon_text = [str(c) for c in record.talon]
    return {
        "seed": seed,
        "dealer": record.dealer,
        "hands": [[str(c) for c in h] for h in record.hands],
        "talon": talon_text,
        "holdings": holdings,
        "text": " ".join(holdings + talon_text),
        "record": record.to_dict(),
    }


@router.post("/random", response_model=DealResponse, summary="A random deal from a seed")
async def random_deal(body: RandomDealRequest) -> Dict[str, Any]:
    """Shuffle with ``seed`` (the library's ``deal_cards``; ``meksiko-solver analyze --random --seed``
    deals the same deal). Without a seed a fresh one is drawn and returned."""
    seed = body.seed if body.seed is not None else random.SystemRandom().getrandbits(SEED_BITS)
    hands, talon = deal_cards(seed)
    return deal_response(hands, talon, body.dealer, body.rules, seed)


@router.post("/parse", response_model=DealResponse, summary="A deal from its text")
async def parse(body: ParseDealRequest) -> Dict[str, Any]:
    """``"<h0> <h1> <h2> <talon>"``: three hands of 10 as holdings (``AK7.QJ.T98.A``) or cards,
    and the talon as two cards. A bad deal is a 422 naming the hand or card at fault."""
    hands, talon = parse_deal(body.deal)
    return deal_response(hands, talon, body.dealer, body.rules)
