"""Evaluations (greedy bot, MCTS leaves) and playout policies of the 紙机戦 games.

Every evaluation is "points held plus what this round is likely to bring": the pot times the
chance of taking it in the stake games, the season's hand progress in 終季 (its search sees
how soon a hand wins, `taxot_search_value`), cards left in 値木.
The playout policies play a sensible move most of the time and a random one otherwise, so
MCTS playouts look like real games without costing much.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from companion.core.api import GameState
from companion.games.nincetkaik.deck import ALL_CARDS, COPIES, Card

#: Share of playout moves chosen at random instead of by the policy.
RANDOM_SHARE = 0.15
WIN = 1000.0


# --- 開樽 ---------------------------------------------------------------------------------------
@cache
def _nanto_percentiles() -> dict[tuple[Card, ...], float]:
    """For each two-card hand: the chance it beats a random two-card hand (ties count half)."""
    from companion.games.nincetkaik.nanto.rules import hand_value

    weights: dict[tuple[Card, ...], float] = {}
    for a in ALL_CARDS:
        for b in ALL_CARDS:
            if b < a or (a == b and COPIES[a] < 2):
                continue
            weight = COPIES[a] * (COPIES[a] - 1) / 2 if a == b else COPIES[a] * COPIES[b]
            weights[(a, b)] = weight
    values = {hand: hand_value(hand) for hand in weights}
    total = sum(weights.values())
    ordered = sorted(weights, key=lambda h: values[h])
    result: dict[tuple[Card, ...], float] = {}
    below = 0.0
    i = 0
    while i < len(ordered):
        j = i
        tied = 0.0
        while j < len(ordered) and values[ordered[j]] == values[ordered[i]]:
            tied += weights[ordered[j]]
            j += 1
        for hand in ordered[i:j]:
            result[hand] = (below + tied / 2) / total
        below += tied
        i = j
    return result


def nanto_strength(cards: list[Card]) -> float:
    """The chance a two-card hand beats another random one (0.5 when unknown)."""
    if len(cards) != 2:
        return 0.5
    return _nanto_percentiles().get((min(cards), max(cards)), 0.5)


def evaluate_nanto(state: GameState, seat: int) -> float:
    from companion.games.nincetkaik.nanto.rules import NantoState

    assert isinstance(state, NantoState)
    value = float(state.points[seat])
    if state.over or not state.bets or state.bets[seat] == 0 or state.queue:
        return value
    rivals = sum(1 for s, b in enumerate(state.bets) if s != seat and b != 0)
    return value + state.pot * nanto_strength(state.hands[seat]) ** max(rivals, 1)


def _nanto_move(state: Any, rng: random.Random) -> Any:
    moves = state.legal_moves()
    seat = state.to_move()
    strength = nanto_strength(state.hands[seat])
    bets = [m for m in moves if str(m) != "pass"]
    if not bets or strength < 0.55:
        return moves[0]
    if strength > 0.85 and len(bets) > 1:
        return bets[min(len(bets) - 1, rng.randrange(1, 4))]
    return bets[0]


# --- 値戦 ---------------------------------------------------------------------------------------
def makaik_strength(cards: list[Card], shared: list[Card]) -> float:
    """A rough chance that the best hand of `cards` + `shared` beats one other seat's: a hand
    no better than the shared cards alone is a likely tie."""
    from companion.games.nincetkaik.makaik.rules import THREE_RUN, THREE_SET, TWO_SET, hand_value

    if not cards:
        return 0.5
    kind, level, one = hand_value([*cards, *shared])
    if shared and (kind, level, one) == hand_value(shared):
        return 0.5
    if kind == THREE_SET:
        return 0.9 + 0.009 * level
    if kind == THREE_RUN:
        return 0.8 + 0.01 * level
    if kind == TWO_SET:
        return 0.4 + 0.04 * level
    return 0.02 * level


def evaluate_makaik(state: GameState, seat: int) -> float:
    from companion.games.nincetkaik.makaik.rules import MakaikState

    assert isinstance(state, MakaikState)
    value = float(state.points[seat])
    if state.over or state.queue or not state.active[seat] or not state.phase:
        return value
    rivals = sum(1 for s, a in enumerate(state.active) if a and s != seat)
    chance = makaik_strength(state.hands[seat], state.shared)
    return value + state.pot * chance ** max(rivals, 1)


def _makaik_move(state: Any, rng: random.Random) -> Any:
    moves = state.legal_moves()
    seat = state.to_move()
    if state.phase in ("exchange", "keep"):
        return max(moves, key=lambda m: _after_exchange(state, seat, m) + rng.random() * 1e-3)
    chance = makaik_strength(state.hands[seat], state.shared)
    if state.phase == "lead":
        if chance < 0.35:
            return moves[-1]  # fold
        return moves[min(len(moves) - 2, int(chance * 3))]
    return moves[0] if chance >= 0.3 or len(moves) == 1 else moves[-1]


def _after_exchange(state: Any, seat: int, move: Any) -> float:
    from companion.games.nincetkaik.makaik.rules import Exchange

    if not isinstance(move, Exchange):
        return 0.45  # draw2: a fair chance to improve
    hand = list(state.hands[seat])
    shared = list(state.shared)
    if move.verb == "swap":
        hand.remove(move.first)
        shared.remove(move.second)
        hand.append(move.second)
        shared.append(move.first)
    else:
        hand.remove(move.second)
        hand.append(move.first)
        shared.append(move.second)
    return makaik_strength(hand, shared)


# --- 値木 ---------------------------------------------------------------------------------------
def evaluate_makup(state: GameState, seat: int) -> float:
    """Fewer cards than the others is better; a clearing card in hand is worth a little (it
    can always be played)."""
    from companion.games.nincetkaik.makup.rules import MakupState, is_clearing

    assert isinstance(state, MakupState)
    if state.over:
        share = 1.0 / len(state.winners) if state.winners else 0.0
        return WIN * share if seat in state.winners else -WIN
    mine = state.hand_size(seat)
    others = [state.hand_size(s) for s in range(state.num_players) if s != seat]
    clearing = sum(1 for c in state.hands[seat] if is_clearing(c))
    return min(others) - mine + 0.3 * clearing


def _makup_move(state: Any, rng: random.Random) -> Any:
    """Lay as many cards as possible; clear only when nothing else can be laid."""
    from companion.games.nincetkaik.makup.rules import RoadPlay

    moves = state.legal_moves()
    plays = [m for m in moves if isinstance(m, RoadPlay)]
    if plays:
        most = max(len(m.cards) for m in plays)
        return rng.choice([m for m in plays if len(m.cards) == most])
    return moves[0]


# --- 終季 ---------------------------------------------------------------------------------------
def taxot_progress(hand: list[Card]) -> float:
    """How close the cards in hand are to 役: cards sharing a strength count most, cards of one
    colour with near numbers less, a 船 a little (it joins anything)."""
    from companion.games.nincetkaik.deck import COLOUR_OF, NUMBER_OF, PROFESSION_OF, STRENGTH_OF

    levels: dict[int, int] = {}
    numbers: list[set[int]] = [set(), set()]
    ships = 0
    for c in hand:
        if PROFESSION_OF[c] == 0:
            ships += 1
            continue
        levels[STRENGTH_OF[c]] = levels.get(STRENGTH_OF[c], 0) + 1
        number = NUMBER_OF[c]
        if number is not None:
            numbers[COLOUR_OF[c]].add(number)
    value = sum(min(k, 4) for k in levels.values() if k >= 2) + 0.7 * ships
    for present in numbers:
        for n in present:
            if n + 1 in present:
                value += 0.6
            elif n + 2 in present:
                value += 0.3
    return value


def evaluate_taxot(state: GameState, seat: int) -> float:
    from companion.games.nincetkaik.taxot.rules import TaxotState

    assert isinstance(state, TaxotState)
    value = float(state.points[seat])
    if state.over:
        return value
    laid = sum(m.size for m in state.melds[seat])
    return value + 0.4 * (taxot_progress(state.hands[seat]) + laid) + \
        TENPAI_POINTS * taxot_win_chance(state, seat)


#: What a hand that can still win this season is worth, in points, times its chance.
TENPAI_POINTS = 4.0


def taxot_win_chance(state: Any, seat: int) -> float:
    """Between turns (five cards): the chance that one of the cards this seat cannot see
    completes its hand before the 山札 runs out (any card drawn may reach it)."""
    from companion.games.nincetkaik.deck import ALL_CARDS
    from companion.games.nincetkaik.taxot.scoring import is_winning

    hand, melds = state.hands[seat], state.melds[seat]
    if len(hand) + sum(m.size for m in melds) != 5 or not state.deck_size:
        return 0.0
    unseen = sum(state.stock)
    outs = sum(state.stock[c] for c in ALL_CARDS if state.stock[c]
               and is_winning([*hand, c], melds))
    if not outs or not unseen:
        return 0.0
    miss = 1.0 - outs / unseen
    return 1.0 - miss ** min(state.deck_size, 12)


# 終季's search (`TaxotState.determinize`) stops before the next draw and judges the hands
# there (`taxot_search_value`): no playout can tell six discards apart as well as the chance
# that the hand left wins soon. It guesses the other hands as hands their players kept
# (`taxot_guess_hand`) and charges a discard the chance such a hand wins with it
# (`taxot_danger`): two thirds of the seasons between greedy bots end on a discard.

#: What a win a card later is worth against a win now (the others may win first).
TAXOT_HASTE = 0.9
#: What a step of the heuristic progress is worth beside the chance of winning.
TAXOT_PROGRESS = 0.05
#: A guessed hand is the best kept of at most this many random hands.
TAXOT_GUESS_TRIES = 4
#: What a guessed hand's card of a strength its player has discarded counts against it.
TAXOT_THROWN = 1.0
#: Guessed hands per decision behind `taxot_danger`.
TAXOT_DANGER_GUESSES = 64


def taxot_search_value(state: Any, seat: int, deep: bool) -> float:
    """Points, plus what a win pays this seat (`taxot_waited_points`; for the others' hands,
    guesses, about what a win pays) times how soon its hand wins (`taxot_hand_chance`, the
    others' hands by their waits alone), plus a little progress; six cards (a turn under way)
    count as their best discard."""
    value = float(state.points[seat])
    hand, melds = state.hands[seat], state.melds[seat]
    held = len(hand) + sum(m.size for m in melds)
    if held not in (HAND_SHORT, HAND_SHORT + 1) or not state.deck_size:
        return value
    unseen = taxot_unseen(state, seat)
    sizes = tuple(sorted(m.size for m in melds))
    ordered = tuple(sorted(hand))
    options = [ordered] if held == HAND_SHORT else \
        [(*ordered[:i], *ordered[i + 1:]) for i in range(len(ordered))
         if not i or ordered[i] != ordered[i - 1]]
    worth = taxot_win_points(state, seat)
    return value + max(
        (taxot_waited_points(state, seat, kept, unseen, worth) if deep else worth)
        * taxot_hand_chance(kept, sizes, unseen, state.deck_size, deep)
        + TAXOT_PROGRESS * taxot_progress(list(kept)) for kept in options)


def taxot_waited_points(state: Any, seat: int, kept: tuple[Card, ...], unseen: Sequence[int],
                        worth: float) -> float:
    """What a win of the kept cards (five with the laid-out 役) pays this seat: for a hand
    waiting, the average over the unseen winning cards of what each would score (同色 and
    六連 included, `_taxot_paid`); `worth` for a hand not waiting yet."""
    melds = tuple(state.melds[seat])
    scores = [(unseen[c], end, bonus) for c, end, bonus
              in _wait_scores(kept, melds, tuple(state.indicators)) if unseen[c]]
    total = sum(n for n, _, _ in scores)
    if not total:
        return worth
    return sum(n * _taxot_paid(state, seat, end, bonus) for n, end, bonus in scores) / total


@lru_cache(maxsize=50_000)
def _wait_scores(kept: tuple[Card, ...], melds: tuple[Any, ...], indicators: tuple[Card, ...],
                 ) -> tuple[tuple[Card, int, int], ...]:
    """Per card completing the kept hand: its 終了点 and ボーナス点 (not in the first round)."""
    from companion.games.nincetkaik.taxot.scoring import score_hand, waiting_cards

    found = []
    for c in waiting_cards(kept, [m.size for m in melds]):
        score = score_hand([*kept, c], melds, False, indicators)
        if score is not None:
            found.append((c, score.end_points, score.bonus_points))
    return tuple(found)


#: Cards in a 終季 hand between turns (laid-out 役 included): one short of a winning hand.
HAND_SHORT = 5


def taxot_unseen(state: Any, seat: int) -> list[int]:
    """Per card, the copies `seat` cannot see (the 山札 and the other hands)."""
    unseen = list(state.stock)
    for other in range(state.num_players):
        if other != seat:
            for c in state.hands[other]:
                unseen[c] += 1
    return unseen


def taxot_win_points(state: Any, seat: int) -> float:
    """About what a 終季 pays this seat now: 終季 (2) times the 加点 where the 親 pays or
    wins, plus its 皇 and 王 (`_taxot_paid`)."""
    from companion.games.nincetkaik.deck import PROFESSION_OF, Profession
    from companion.games.nincetkaik.taxot.scoring import END_POINTS

    cards = [*state.hands[seat], *(c for m in state.melds[seat] for c in m.cards)]
    kings = sum(1 for c in cards if PROFESSION_OF[c] in (Profession.KING, Profession.TAM))
    return _taxot_paid(state, seat, END_POINTS["taxot"], kings)


def _taxot_paid(state: Any, seat: int, end_points: int, bonus: int) -> float:
    """What a win scoring `end_points` (times the 加点) and `bonus` pays `seat`: from every
    other seat on its own draw or from one on a discard, taken half and half."""
    rate = state.parent_rate()
    owed = [end_points * rate.multiplier(p, seat) + bonus
            for p in range(state.num_players) if p != seat]
    return (sum(owed) + sum(owed) / len(owed)) / 2


def taxot_hand_chance(hand: Sequence[Card], meld_sizes: Sequence[int], unseen: Sequence[int],
                      looks: int, deep: bool) -> float:
    """How soon a hand one card short wins: the chance that one of `looks` cards drawn from
    `unseen` completes it, each card later discounted by `TAXOT_HASTE`. A hand not waiting
    yet counts (with `deep`) the cards after which a discard leaves it waiting, and the
    waits it would then have; without `deep` it counts nothing."""
    return _hand_chance(tuple(sorted(hand)), tuple(sorted(meld_sizes)), tuple(unseen), looks,
                        deep)


@lru_cache(maxsize=20_000)
def _hand_chance(hand: tuple[Card, ...], meld_sizes: tuple[int, ...], unseen: tuple[int, ...],
                 looks: int, deep: bool) -> float:
    """`taxot_hand_chance`, kept: a search asks it for the same hands and unseen cards in
    every determinization."""
    from companion.games.nincetkaik.taxot.scoring import improving_draws, waiting_cards

    total = sum(unseen)
    if looks <= 0 or not total:
        return 0.0
    waits = waiting_cards(hand, meld_sizes)
    if waits:
        return _soon(sum(unseen[c] for c in waits) / total, looks)
    if not deep:
        return 0.0
    helping, outs = 0, 0
    for c, options in improving_draws(hand, meld_sizes):
        if unseen[c]:
            helping += unseen[c]
            outs += unseen[c] * max(sum(unseen[w] for w in ws) for ws in options)
    if not helping:
        return 0.0
    step, win = helping / total, outs / helping / total
    return sum((1.0 - step) ** (k - 1) * step * TAXOT_HASTE ** k * _soon(win, looks - k)
               for k in range(1, looks))


def _soon(chance: float, looks: int) -> float:
    """The discounted chance that one of `looks` cards, each winning with `chance`, wins:
    the sum over k of (1 - chance)^(k-1) · chance · haste^k."""
    later = (1.0 - chance) * TAXOT_HASTE
    return chance * TAXOT_HASTE * (1.0 - later ** looks) / (1.0 - later)


def taxot_guess_tries(state: Any) -> int:
    """How many random hands a guess tries: one more per round of turns this season (a
    player improves the hand a little each turn)."""
    return min(1 + state.turns // state.num_players, TAXOT_GUESS_TRIES)


@dataclass(frozen=True)
class TaxotClues:
    """What the table shows of a seat's hidden hand: the sizes of its laid-out 役, the cards
    it threw away this season, and the latest discards, which it let pass (none of them
    completed its hand: it would have declared)."""

    meld_sizes: tuple[int, ...] = ()
    thrown: tuple[Card, ...] = ()
    passed: tuple[Card, ...] = ()


def taxot_guess_hand(pool: list[Card], size: int, clues: TaxotClues, tries: int,
                     rng: random.Random) -> list[Card]:
    """The best kept (`taxot_kept_value`) of `tries` random hands of `size` from `pool`."""
    hands = [sorted(rng.sample(pool, size)) for _ in range(tries)]
    if len(hands) == 1:
        return hands[0]
    return max(hands, key=lambda hand: taxot_kept_value(hand, clues))


def taxot_kept_value(hand: list[Card], clues: TaxotClues = TaxotClues()) -> float:
    """How much a hand looks like one a player has kept, given the `clues`: waiting counts
    most, then progress; a card of a strength the player has thrown away counts against it
    (it would have kept the first had it held another), and so does each wait among the
    discards it let pass."""
    from companion.games.nincetkaik.deck import STRENGTH_OF
    from companion.games.nincetkaik.taxot.scoring import waiting_cards

    away = {STRENGTH_OF[c] for c in clues.thrown}
    doubted = sum(1 for c in hand if STRENGTH_OF[c] in away)
    waits = waiting_cards(hand, clues.meld_sizes)
    missed = sum(1 for c in set(clues.passed) if c in waits)
    return TAXOT_WAITING * (bool(waits) - missed) + taxot_progress(hand) - \
        TAXOT_THROWN * doubted


#: What waiting adds to a guessed hand (and each passed-up wait takes away).
TAXOT_WAITING = 3.0
#: The latest discards a guessed hand should not have been waiting for.
TAXOT_PASSED = 4


def taxot_danger(state: Any, seat: int) -> tuple[float, ...]:
    """Per card: the chance that another seat would win with it were `seat` to discard it
    now, over hands guessed for the others as the search guesses them (the same for every
    determinization of a decision: worked out once)."""
    others = [s for s in range(state.num_players) if s != seat]
    unseen = list(state.stock)
    for other in others:
        for c in state.hands[other]:
            unseen[c] += 1
    seats = tuple((len(state.hands[o]), state.clues(o)) for o in others)
    return _danger(tuple(unseen), seats, taxot_guess_tries(state))


@lru_cache(maxsize=256)
def _danger(unseen: tuple[int, ...], seats: tuple[tuple[int, TaxotClues], ...],
            tries: int) -> tuple[float, ...]:
    from companion.games.nincetkaik.taxot.scoring import waiting_cards

    rng = random.Random(hash((unseen, seats, tries)))  # of ints: the same in every run
    pool = [c for c in ALL_CARDS for _ in range(unseen[c])]
    hits = [0] * len(ALL_CARDS)
    for _ in range(TAXOT_DANGER_GUESSES):
        waits: set[Card] = set()
        for size, clues in seats:
            if size and len(pool) >= size:
                waits.update(waiting_cards(taxot_guess_hand(pool, size, clues, tries, rng),
                                           clues.meld_sizes))
        for c in waits:
            hits[c] += 1
    return tuple(h / TAXOT_DANGER_GUESSES for h in hits)


def _taxot_move(state: Any, rng: random.Random) -> Any:
    """Declare whenever possible, claim calls half the time, discard the least useful card."""
    moves = state.legal_moves()
    if str(moves[0]) == "declare":
        return moves[0]
    if state.phase == "claim":
        return moves[0] if rng.random() < 0.5 else moves[-1]
    lays = [m for m in moves if str(m).startswith("lay")]
    if lays:
        return lays[0]
    from companion.games.nincetkaik.taxot.scoring import partners

    hand = state.hands[state.to_move()]
    scored = [(partners(hand, m.cards[0]), i) for i, m in enumerate(moves)]
    fewest = min(scored)[0]
    return moves[rng.choice([i for k, i in scored if k == fewest])]


# --- 行戦 ---------------------------------------------------------------------------------------
def evaluate_mokaik(state: GameState, seat: int) -> float:
    """Points, plus what this season's 公開札 already save (each one is a point less to pay),
    plus the strong cards kept for the last round (将, 王 and 皇 often take it)."""
    from companion.games.nincetkaik.deck import STRENGTH_OF
    from companion.games.nincetkaik.mokaik.rules import MokaikState

    assert isinstance(state, MokaikState)
    value = float(state.points[seat])
    if state.queue or (state.over and not state.truncated):
        return value
    strong = sum(1 for c in state.hands[seat] if STRENGTH_OF[c] >= 9)
    return value + 0.8 * len(state.won[seat]) + 0.6 * strong


def _mokaik_move(state: Any, rng: random.Random) -> Any:
    """Lead the weakest single or a set; follow with the weakest 役 that beats, else put the
    weakest cards down."""
    from companion.games.nincetkaik.deck import STRENGTH_OF

    moves = state.legal_moves()

    def weight(move: Any) -> int:
        return sum(STRENGTH_OF[c] for c in move.cards)

    plays = [m for m in moves if m.verb == "play"]
    if state.lead() is None:
        sets = [m for m in plays if len(m.cards) > 1]
        pool = sets if sets and rng.random() < 0.5 else [m for m in plays if len(m.cards) == 1]
        return min(pool or plays, key=weight)
    if plays and rng.random() < 0.7:
        return min(plays, key=weight)
    return min((m for m in moves if m.verb == "down"), key=weight)


#: Face-down groups the search considers when following in 行戦 (the weakest ones).
MOKAIK_DOWNS = 3


def mokaik_candidates(state: Any) -> list[Any]:
    """The moves 行戦's search considers: every 役, and only the few weakest face-down groups
    (putting strong cards down throws away the last round; there may be 252 groups of five)."""
    from companion.games.nincetkaik.deck import STRENGTH_OF

    moves = state.legal_moves()
    downs = [m for m in moves if m.verb == "down"]
    if len(downs) <= MOKAIK_DOWNS:
        return moves
    weakest = sorted(downs, key=lambda m: sum(STRENGTH_OF[c] for c in m.cards))[:MOKAIK_DOWNS]
    return [*(m for m in moves if m.verb == "play"), *weakest]


# --- 連友 ---------------------------------------------------------------------------------------
def evaluate_neki(state: GameState, seat: int) -> float:
    """Fewer cards than the others is better; 将 (effects) and strong cards help a little."""
    from companion.games.nincetkaik.deck import PROFESSION_OF, STRENGTH_OF, Profession
    from companion.games.nincetkaik.neki.rules import NekiState

    assert isinstance(state, NekiState)
    if state.over and not state.truncated:
        return WIN if seat in state.winners else -WIN
    mine = state.hand_size(seat)
    others = min(state.hand_size(s) for s in range(state.num_players) if s != seat)
    hand = state.hands[seat]
    generals = sum(1 for c in hand if PROFESSION_OF[c] == Profession.GENERAL)
    strong = sum(1 for c in hand if STRENGTH_OF[c] >= 10)
    return others - mine + 0.5 * generals + 0.3 * strong


def _neki_move(state: Any, rng: random.Random) -> Any:
    """Shed the most cards at the lowest strength; follow with the weakest 役 that beats (now
    and then a pass); as a 将 effect remove the strength this hand holds most of."""
    from companion.games.nincetkaik.deck import STRENGTH_OF
    from companion.games.nincetkaik.neki.rules import REMOVES, Remove

    moves = state.legal_moves()
    if isinstance(moves[0], Remove):
        hand = state.hands[state.to_move()]
        counts = [0] * len(REMOVES)
        for c in hand:
            counts[STRENGTH_OF[c]] += 1
        return REMOVES[max(range(len(counts)), key=lambda level: counts[level])]
    plays = [m for m in moves if str(m) != "pass"]
    if not plays or (state.top is not None and rng.random() < 0.25):
        return moves[-1]

    def cost(move: Any) -> float:
        return sum(STRENGTH_OF[c] for c in move.cards) / len(move.cards) - 2.0 * len(move.cards)

    return min(plays, key=cost)


# --- 小猫 ---------------------------------------------------------------------------------------
def evaluate_nine(state: GameState, seat: int) -> float:
    """Points, and a small hand (an empty hand scores the largest hand): fewer cards than the
    others is worth a little."""
    from companion.games.nincetkaik.nine.rules import NineState

    assert isinstance(state, NineState)
    value = float(state.points[seat])
    if state.over and not state.truncated:
        return value
    others = max(state.hand_size(s) for s in range(state.num_players) if s != seat)
    return value + 0.3 * (others - state.hand_size(seat))


def _nine_move(state: Any, rng: random.Random) -> Any:
    """Lead the biggest set or the weakest card; join with the weakest card that does."""
    from companion.games.nincetkaik.nine.rules import rank

    moves = state.legal_moves()
    plays = [m for m in moves if str(m) != "out"]
    if not plays:
        return moves[-1]
    if state.top is None:
        sets = [m for m in plays if len(m.cards) > 1]
        if sets and rng.random() < 0.5:
            return max(sets, key=lambda m: len(m.cards))
    return min(plays, key=lambda m: (-len(m.cards), max(rank(c) for c in m.cards)))


def nine_candidates(state: Any) -> list[Any]:
    """The moves 小猫's search considers: every single and staying out, and of the sets of one
    strength and size only the one with the fewest 無 (the wild 無 make sets by the hundred;
    a 無 kept is a 無 that can join any set later). They depend on the hand and the 役 on top
    alone: kept for the next visit."""
    key = (tuple(state.hands[state.to_move()]), state.top)
    found = _NINE_CANDIDATES.get(key)
    if found is None:
        if len(_NINE_CANDIDATES) > 50_000:
            _NINE_CANDIDATES.clear()
        found = _NINE_CANDIDATES[key] = _fewest_blank_sets(state.legal_moves())
    return list(found)


_NINE_CANDIDATES: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def _fewest_blank_sets(moves: list[Any]) -> tuple[Any, ...]:
    from companion.games.nincetkaik.nine.rules import is_blank, read

    sets: dict[tuple[int, int], tuple[int, Any]] = {}
    result = []
    for move in moves:
        cards = getattr(move, "cards", ())
        if len(cards) < 2:
            result.append(move)
            continue
        combo = read(cards)
        assert combo is not None
        blanks = sum(1 for c in cards if is_blank(c))
        key = (combo.rank, len(cards))
        if key not in sets or blanks < sets[key][0]:
            sets[key] = (blanks, move)
    return (*result, *(move for _, move in sets.values()))


# --- shared -------------------------------------------------------------------------------------
_POLICIES = {"nanto": _nanto_move, "makaik": _makaik_move, "makup": _makup_move,
             "taxot": _taxot_move, "mokaik": _mokaik_move, "neki": _neki_move,
             "nine": _nine_move}


_CANDIDATES = {"mokaik": mokaik_candidates, "nine": nine_candidates}


def candidates(state: GameState) -> list[Any]:
    """The moves MCTS considers at a seat's decision (all legal moves for most games)."""
    pick = _CANDIDATES.get(state.game_id)
    return pick(state) if pick is not None else state.legal_moves()


def playout_move(state: GameState, rng: random.Random) -> Any:
    """A quick, sensible move for MCTS playouts (random now and then)."""
    moves = state.legal_moves()
    policy = _POLICIES.get(state.game_id)
    if policy is None or len(moves) == 1 or rng.random() < RANDOM_SHARE:
        return rng.choice(moves)
    return policy(state, rng)
