"""Equilibrium for the shared bots: the team's evaluation (greedy, MCTS), a fast playout policy
and the hint (the default bot's move for the seat to move, with a one-line reason).

`evaluate(state, seat)` judges the team's prospects — the game is co-operative, so the seat does
not matter: cities claimed dominate, then balanced cities waiting to be claimed, cities one
hand card away from balance, how far the others are from it, full sides that block a city, and
the cards left in the deck (the time left). When a discarded card's effect is still to be chosen,
the best effect is looked at (one step), so that a discard is judged by what it does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.api import GameState
from companion.games.equilibrium.cards import CHAOS, LEFT, POWER, RIGHT
from companion.games.equilibrium.moves import (
    Balance,
    ClearCity,
    Discard,
    Done,
    Fly,
    FlyFrom,
    PlaceChaos,
    Play,
    Plaza,
    Polarity,
    Prophecy,
    RevealCards,
    SeedSide,
    Swap,
    SwapFrom,
    Vanish,
    Zero,
)
from companion.games.equilibrium.rules import (
    BALANCE,
    COLUMN,
    DISCARD,
    DONE,
    FLY,
    HIDDEN,
    JOYFUL,
    PLAZA,
    SIDE_CAPACITY,
    SWAP,
    SWAP_FROM,
    VANISH,
    EquilibriumState,
)

WIN = 1000.0
CLAIMED = 100.0
BALANCED = 55.0
ONE_AWAY = 22.0
IMBALANCE = 4.0
BLOCKED = 12.0
DECK_CARD = 15.0
#: Share of playout moves chosen at random instead of by the policy's rule.
RANDOM_SHARE = 0.0
#: Claim balanced cities together: wait while another city can be balanced this turn (one
#: discard claims them all, four at once bring a bonus city), unless the deck is this short.
BATCH_CLAIMS = 1.0
BATCH_RESERVE = 4
#: …and while a play brings another city at least this much closer to balance.
BATCH_PATIENCE = 1.0
BATCH_EFFECT_PATIENCE = 1000.0
#: How much more an effect must gain than a play: it costs a card without placing one.
EFFECT_MARGIN = 2.0
#: Below this many cards in the deck, penalty 3 (reveal four) is avoided in playouts.
REVEAL_RESERVE = 12
REVEAL_SCORE = -5.0
DISCARD_HIGH = 1.0
CHAOS_ON_EMPTY = 2.0


def _as_state(state: GameState) -> EquilibriumState:
    assert isinstance(state, EquilibriumState)
    return state


#: Decisions in the middle of an effect: judged by their best continuation.
LOOKAHEAD = frozenset({"swapfrom", "flyfrom", "vanishwhich", "plazawhich", "swapwith", "flyto",
                       "pay"})


def evaluate(state: GameState, seat: int) -> float:
    """Higher is better for the team (every seat gets the same value)."""
    position = _as_state(state)
    if position.pending() in LOOKAHEAD:
        return max(evaluate(_after(position, move), seat) for move in position.legal_moves())
    return static_value(position)


def _after(state: EquilibriumState, move: Any) -> EquilibriumState:
    child = state.copy()
    child._apply(move)
    return child


def static_value(state: EquilibriumState) -> float:
    """The evaluation without looking ahead."""
    claimed = len(state.claimed)
    if state.over:
        return WIN if state.won else -WIN + CLAIMED * claimed
    value = CLAIMED * claimed + DECK_CARD * free_deck(state)
    closers: set[tuple[int, str, int]] | None = None  # what the hands can close, when needed
    cities, power, sides = state.cities, state.power, state.sides
    for p in range(COLUMN):
        city = cities[p]
        if not city:
            continue
        left, right = power[2 * p], power[2 * p + 1]
        if left == right:
            if sides[2 * p] or sides[2 * p + 1]:
                value += BALANCED
            continue
        gap = abs(left - right)
        weak = LEFT if left < right else RIGHT
        if len(sides[2 * p + weak]) >= SIDE_CAPACITY:
            value -= BLOCKED
        else:
            if closers is None:
                closers = _closers(state.hands)
            if any((weak, element, gap) in closers for element in city):
                value += ONE_AWAY
        value -= IMBALANCE * min(gap, 12)
    return value


def free_deck(state: EquilibriumState) -> int:
    """The time left, in cards: the deck and the hands (a draw moves a card from one to the
    other, so the measure does not jump at the draw of phase II), minus what the seeding of
    empty cities and of cities still to be turned up will take."""
    sides = state.sides
    empty = sum(1 for p in range(COLUMN) if state.cities[p] and not sides[2 * p]
                and not sides[2 * p + 1])
    coming = sum(1 for kind, arg in state.steps if kind == "city" and arg >= 0)
    held = sum(map(len, state.hands))
    return state.deck_n + held - 2 * (empty + coming) + len(state.seed_buf)


#: A dream card -> the (side, element, power) it closes a gap of: an Incubi the left side, a
#: Sognae the right, a higher being either; chaos none (it shows no one element).
_CLOSES: dict[str, tuple[tuple[int, str, int], ...]] = {
    code: tuple((side, code[1], POWER[code]) for side, kinds in ((LEFT, "IH"), (RIGHT, "SH"))
                if code[0] in kinds)
    for code in POWER}


def _closers(hands: Sequence[Sequence[str]]) -> set[tuple[int, str, int]]:
    """Every (side, element, power) a card in the hands (those seen) can close a gap of."""
    return {entry for hand in hands for card in hand for entry in _CLOSES.get(card, ())}


# --- playout policy ---------------------------------------------------------------------------
def playout_move(state: GameState, rng: random.Random) -> Any:
    """A quick, sensible move for MCTS playouts: claim balanced cities, play the card that
    balances or brings a city closest to balance, otherwise pay the least useful card for a
    swap (or book) that balances a city; chaos goes where it hurts least."""
    position = _as_state(state)
    if rng.random() < RANDOM_SHARE:
        return rng.choice(position.legal_moves())
    kind = position.pending()
    if kind == "act":
        return _act(position, rng)
    if kind in ("swapfrom", "flyfrom", "vanishwhich", "plazawhich"):
        return _best_of_kind(position, rng)
    if kind in ("swapwith", "flyto"):
        return _best_effect(position, position.legal_moves(), rng)
    if kind == "pay":
        return DISCARD[_least_useful(position, position.hands[position.mover])]
    if kind in ("penalty", "setupchaos"):
        return _chaos_move(position, rng)
    if kind == "zero":
        return DONE
    if kind == "seedside" and any(c[0] == CHAOS for c in position.seed_buf):
        return SeedSide(position.steps[0][1] + 1, LEFT)  # Sognae (+4) can answer chaos
    return rng.choice(position.legal_moves())


def _gap(state: EquilibriumState, p: int) -> int:
    return abs(state.power[2 * p] - state.power[2 * p + 1])


def _gain(gap: int, after: int, cards: bool, full: bool = False) -> float:
    """How much closer to balance a city comes when its gap (left power − right power) moves
    from `gap` to `after`: 100 and more for balancing it, −100 for unbalancing a balanced one,
    a little less when the change fills a side."""
    if after == 0:
        return 100.0 + abs(gap) if gap else 0.0
    if gap == 0 and cards:
        return -100.0
    return abs(gap) - abs(after) - (3.0 if full else 0.0)


def _act(state: EquilibriumState, rng: random.Random) -> Any:
    power, sides, cities = state.power, state.sides, state.cities
    gaps = [power[2 * p] - power[2 * p + 1] for p in range(COLUMN)]
    balanced = [p for p in range(COLUMN) if cities[p] and not gaps[p]
                and (sides[2 * p] or sides[2 * p + 1])]
    open_cities = sum(1 for p in range(COLUMN) if cities[p])
    if balanced and (len(balanced) == open_cities or not BATCH_CLAIMS
                     or state.deck_n <= BATCH_RESERVE):
        joyful = len(balanced) == COLUMN and "joyful-balance" in state.books
        return JOYFUL if joyful else BALANCE
    play_best, play = -1e9, None
    for move in state.plays(dict.fromkeys(state.hands[state.mover])):
        p = move.pos - 1
        gap, value = gaps[p], POWER[move.card]
        after = gap + value if move.side == LEFT else gap - value
        gain = _gain(gap, after, bool(sides[2 * p] or sides[2 * p + 1]),
                     len(sides[2 * p + move.side]) >= SIDE_CAPACITY - 1)
        if gain > play_best or (gain == play_best and rng.random() < 0.5):
            play_best, play = gain, move
    if play is not None and play_best >= 100.0:
        return play
    effect_best, effect = _best_table_effect(state, gaps)
    if effect is not None:
        effect = GROUP[type(effect)]
    if effect is not None and effect_best >= 100.0:
        return effect
    if balanced and not (play is not None and play_best >= BATCH_PATIENCE) and not (
            effect is not None and effect_best >= BATCH_EFFECT_PATIENCE):
        return BALANCE  # nothing else worth doing first: claim what is balanced
    if play is not None and play_best > 0 and play_best >= effect_best - EFFECT_MARGIN:
        return play
    if effect is not None and effect_best > EFFECT_MARGIN:
        return effect
    return BALANCE


#: The effect a first half belongs to (the policy chooses the effect, then its cards).
GROUP: dict[type, Any] = {SwapFrom: SWAP, FlyFrom: FLY, Vanish: VANISH, Plaza: PLAZA}


def _best_of_kind(state: EquilibriumState, rng: random.Random) -> Any:
    """The cards of the effect just chosen: the best of that kind, else any legal one."""
    power = state.power
    gaps = [power[2 * p] - power[2 * p + 1] for p in range(COLUMN)]
    moves = state.legal_moves()
    _, best = _best_table_effect(state, gaps, type(moves[0]))
    return best if best in moves else rng.choice(moves)


def _best_table_effect(state: EquilibriumState, gaps: Sequence[int],
                       only: type | None = None) -> tuple[float, Any]:
    """The best swap, flight, vanish or plaza as the first half of its move (`only`: of that
    kind)."""
    books, sides = state.books, state.sides
    if "plaza-lover" in books and only in (None, Plaza):
        for p in range(COLUMN):
            if state.cities[p] and not sides[2 * p] and not sides[2 * p + 1]:
                return 150.0, Plaza(p + 1)
    best = 0.0 if only is None else -1e9
    chosen: Any = None
    for side, sign in ((LEFT, 1), (RIGHT, -1)) if only in (None, SwapFrom) else ():
        for a in range(COLUMN - 1):
            gap_a = gaps[a]
            for x in sides[2 * a + side]:
                px = POWER[x]
                for b in range(a + 1, COLUMN):
                    gap_b = gaps[b]
                    for y in sides[2 * b + side]:
                        delta = sign * (POWER[y] - px)
                        if not delta:
                            continue
                        # _gain inlined (this loop is most of a playout's policy time)
                        after_a, after_b = gap_a + delta, gap_b - delta
                        gain = ((100.0 + abs(gap_a) if gap_a else 0.0) if not after_a else
                                -100.0 if not gap_a else abs(gap_a) - abs(after_a)) + \
                            ((100.0 + abs(gap_b) if gap_b else 0.0) if not after_b else
                             -100.0 if not gap_b else abs(gap_b) - abs(after_b))
                        if gain > best:
                            best, chosen = gain, SWAP_FROM[side, a + 1, x]
    if books and only is not SwapFrom:
        best, chosen = _best_book(state, gaps, best, chosen, only)
    return best, chosen


def _best_book(state: EquilibriumState, gaps: Sequence[int], best: float,
               chosen: Any, only: type | None = None) -> tuple[float, Any]:
    sides, books = state.sides, state.books
    for side, sign, flying, invisible in ((LEFT, 1, "flying-incubi", "invisible-incubi"),
                                          (RIGHT, -1, "flying-sognae", "invisible-sognae")):
        if invisible in books and only in (None, Vanish):
            for a in range(COLUMN):
                for x in sides[2 * a + side]:
                    gain = _gain(gaps[a], gaps[a] - sign * POWER[x], True)
                    if x[0] != CHAOS and gain > best:
                        best, chosen = gain, Vanish(side, a + 1, x)
        if flying in books and only in (None, FlyFrom):
            for move in state._flights(side):
                a, b, value = move.pos - 1, move.to_pos - 1, sign * POWER[move.card]
                gain = _gain(gaps[a], gaps[a] - value, True) + \
                    _gain(gaps[b], gaps[b] + value, bool(sides[2 * b] or sides[2 * b + 1]))
                if gain > best:
                    best, chosen = gain, FlyFrom(side, move.pos, move.card)
    return best, chosen


def _least_useful(state: EquilibriumState, hand: Sequence[str]) -> str:
    """The card whose best play helps least (a card with no play at all first)."""
    worth = dict.fromkeys(hand, -1.0)
    worth.pop(HIDDEN, None)
    power, sides = state.power, state.sides
    for move in state.plays(worth):
        p = move.pos - 1
        gap, value = power[2 * p] - power[2 * p + 1], POWER[move.card]
        gain = _gain(gap, gap + value if move.side == LEFT else gap - value,
                     bool(sides[2 * p] or sides[2 * p + 1]),
                     len(sides[2 * p + move.side]) >= SIDE_CAPACITY - 1)
        if gain > worth[move.card]:
            worth[move.card] = gain
    return min(worth, key=lambda card: (worth[card], DISCARD_HIGH * -POWER[card]))


def _best_effect(state: EquilibriumState, moves: Sequence[Any], rng: random.Random) -> Any:
    scored = [(_effect_gain(state, m), i) for i, m in enumerate(moves)]
    best = max(score for score, _ in scored)
    return moves[rng.choice([i for score, i in scored if score == best])]


def _effect_gain(state: EquilibriumState, move: Any) -> float:
    power, sides = state.power, state.sides

    def gap(p: int) -> int:
        return power[2 * p] - power[2 * p + 1]

    def cards(p: int) -> bool:
        return bool(sides[2 * p] or sides[2 * p + 1])

    if isinstance(move, Swap):
        sign = 1 if move.side == LEFT else -1
        delta = sign * (POWER[move.card_b] - POWER[move.card_a])
        a, b = move.pos_a - 1, move.pos_b - 1
        return _gain(gap(a), gap(a) + delta, True) + _gain(gap(b), gap(b) - delta, True)
    if isinstance(move, Fly):
        value = (1 if move.side == LEFT else -1) * POWER[move.card]
        a, b = move.pos - 1, move.to_pos - 1
        return _gain(gap(a), gap(a) - value, True) + _gain(gap(b), gap(b) + value, cards(b))
    return 0.0


def _chaos_move(state: EquilibriumState, rng: random.Random) -> Any:
    """Put chaos on the city furthest from balance; reveal or clear only when it cannot go
    anywhere harmless."""
    moves = state.legal_moves()
    best, best_score = [], -1e9
    for move in moves:
        if isinstance(move, PlaceChaos):
            p = move.pos - 1
            balanced = state.is_balanced(move.pos)
            score = -50.0 if balanced else float(_gap(state, p))
            if not state.sides[2 * p] and not state.sides[2 * p + 1]:
                score = CHAOS_ON_EMPTY
        elif isinstance(move, RevealCards):
            score = REVEAL_SCORE if state.deck_n > REVEAL_RESERVE else -60.0
        elif isinstance(move, ClearCity):
            score = -40.0
        else:
            score = -100.0
        if score > best_score:
            best, best_score = [move], score
        elif score == best_score:
            best.append(move)
    return rng.choice(best)


# --- the hint ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hint:
    """The suggested move(s) and why, in Japanese and English."""

    moves: tuple[Any, ...]  # the move; after a discard also its effect
    reason_en: str
    reason_ja: str

    def reason(self, lang: str) -> str:
        return self.reason_ja if lang == "ja" else self.reason_en

    def text(self) -> str:
        """The moves in notation, e.g. "discard SW1, balance"."""
        return ", ".join(str(m) for m in self.moves)


#: The bot whose move the hint suggests (the default opponent of the play screens).
HINT_BOT = "mcts"


def hint(state: GameState, seat: int | None = None, rng: random.Random | None = None,
         bot: str = HINT_BOT) -> Hint:
    """The suggestion of bot `bot` for the seat to move (its view only), with a reason."""
    from companion.bots import make_bot

    full = _as_state(state)
    mover = full.to_move() if seat is None else seat
    if mover < 0:
        raise ValueError("nobody is to move: the game is over or chance acts")
    rng = rng or random.Random(0)
    chooser = make_bot(bot)
    view = full.view(mover)
    moves: list[Any] = [chooser.choose(view, mover, rng)]
    after = _after(view, moves[0])
    while after.pending() in LOOKAHEAD:  # the rest of the effect: its target, its card
        moves.append(chooser.choose(after, mover, rng))
        after = _after(after, moves[-1])
    en, ja = explain(view, moves)
    return Hint(tuple(moves), en, ja)


_COUNT_EN = ("no", "one", "two", "three", "four", "five", "six")


def _cities(n: int) -> str:
    return f"{_COUNT_EN[n] if n < len(_COUNT_EN) else n} cit{'y' if n == 1 else 'ies'}"


def explain(state: EquilibriumState, moves: Sequence[Any]) -> tuple[str, str]:
    """A one-line reason (en, ja) for `moves` played from `state` (an effect, its target and
    its card are explained by the effect)."""
    move = next((m for m in reversed(moves) if not isinstance(m, Discard)), moves[-1])
    if isinstance(move, Balance):
        claims = len(state.balanced_cities())
        if claims == COLUMN:
            extra = 2 if move.joyful else 1
            return (f"claims all four cities and {_cities(extra)} more as a bonus",
                    f"4都市すべてを獲得し、ボーナスでさらに{extra}枚")
        if claims:
            return f"claims {_cities(claims)}", f"{claims}都市を獲得する"
        return ("discards a card that has no good place (nothing to claim yet)",
                "使い道のないカードを捨てる(まだ獲得できる都市はない)")
    if isinstance(move, Play):
        return _explain_play(state, move)
    if isinstance(move, Discard):
        return "pays with the least useful card", "最も役に立たないカードで支払う"
    if isinstance(move, (Swap, SwapFrom)):
        return ("swaps two cards to bring the cities closer to balance",
                "カードを入れ替えて都市を均衡に近づける")
    if isinstance(move, FlyFrom):
        return f"moves a card away from city {move.pos}", f"都市{move.pos}からカードを移す"
    if isinstance(move, Fly):
        return (f"moves a card from city {move.pos} to city {move.to_pos}",
                f"都市{move.pos}から都市{move.to_pos}へカードを移す")
    if isinstance(move, Vanish):
        return f"removes a card from city {move.pos}", f"都市{move.pos}のカードを取り除く"
    if isinstance(move, Plaza):
        return f"claims the empty city {move.pos}", f"空の都市{move.pos}を獲得する"
    if isinstance(move, Prophecy):
        return "looks at the top of the deck", "山札の上を確認する"
    if isinstance(move, Polarity):
        return "exchanges polarity cards with the partner", "パートナーと対極カードを交換する"
    if isinstance(move, PlaceChaos):
        return (f"puts the chaos card on city {move.pos}, where it hurts least",
                f"混沌カードを被害の少ない都市{move.pos}に置く")
    if isinstance(move, ClearCity):
        return (f"gives up the cards of city {move.pos} to the chaos",
                f"混沌の罰として都市{move.pos}のカードを捨てる")
    if isinstance(move, RevealCards):
        return "lets the chaos take cards from the deck", "混沌の罰として山札からカードを捨てる"
    if isinstance(move, Zero):
        return (f"clears cards that cancel out on city {move.pos}",
                f"都市{move.pos}の打ち消し合うカードを片付ける")
    if isinstance(move, Done):
        return "keeps the remaining cards", "残りのカードはそのままにする"
    return "the bot's choice", "ボットの選択"


def _explain_play(state: EquilibriumState, move: Play) -> tuple[str, str]:
    p = move.pos - 1
    left, right = state.power[2 * p], state.power[2 * p + 1]
    power = POWER[move.card]
    after = (left + power, right) if move.side == LEFT else (left, right + power)
    if after[0] == after[1]:
        return f"balances city {move.pos}", f"都市{move.pos}を均衡させる"
    before, now = abs(left - right), abs(after[0] - after[1])
    if now < before:
        return (f"brings city {move.pos} closer to balance ({before} → {now})",
                f"都市{move.pos}を均衡に近づける({before} → {now})")
    return (f"places the card where it does least harm (city {move.pos})",
            f"害の少ない都市{move.pos}にカードを置く")



# --- MCTS hooks: candidates, horizon, estimate ------------------------------------------------
#: Moves MCTS considers at a decision: the best few by the evaluation (greedy's ranking).
CANDIDATES = 4
#: Playout steps (moves and draws, about a turn and a half) before `estimate` judges.
HORIZON = 12
#: The highest estimate of a game not over (a win is 1).
ESTIMATE_CAP = 0.95


#: Candidates already ranked, by `_table_key` (a search meets the same table again and again).
_RANKED: dict[tuple[Any, ...], list[Any]] = {}
_RANKED_LIMIT = 20_000


def candidates(state: GameState, width: int = CANDIDATES) -> list[Any]:
    """The `width` moves after which the evaluation is highest (greedy's ranking; equal values
    in the order of the legal moves), and the playout policy's move of the same pending
    decision when it is not among them. Asked for each determinization (extras
    "fresh_candidates": a node past a draw, or a partner's hand, differs between them), and
    remembered by what is on the table and in the hands, never by the hidden deck order."""
    position = _as_state(state)
    moves = position.legal_moves()
    if len(moves) <= width:
        return list(moves)
    key = _table_key(position, width)
    known = _RANKED.get(key)
    if known is not None and all(move in moves for move in known):
        return known
    if len(_RANKED) >= _RANKED_LIMIT:
        _RANKED.clear()
    _RANKED[key] = chosen = _ranked(position, moves, width)
    return chosen


def _table_key(state: EquilibriumState, width: int) -> tuple[Any, ...]:
    """Everything the ranking of the moves reads (the deck only by its size)."""
    return (width, state.mover, state.turn, tuple(state.steps),
            tuple(tuple(h) for h in state.hands), tuple(tuple(s) for s in state.sides),
            tuple(state.cities), len(state.claimed), state.total_cities, state.deck_n,
            tuple(state.books), tuple(state.polarity), tuple(state.seed_buf),
            tuple(state.chaos), tuple(state.vacated), tuple(state.zero_open),
            tuple(state.revealed), repr(state.effect), state.joyful, state.book_cost)


def _ranked(position: EquilibriumState, moves: Sequence[Any], width: int) -> list[Any]:
    scored = sorted(range(len(moves)),
                    key=lambda i: -evaluate(_after(position, moves[i]), position.mover))
    chosen = [moves[i] for i in scored[:width]]
    policy = playout_move(position, random.Random(0))
    if policy in moves and policy not in chosen:
        chosen.append(policy)
    return chosen


def horizon(state: GameState) -> int:
    """Playout steps before `estimate` judges the position."""
    return HORIZON


def estimate(state: GameState) -> tuple[float, ...]:
    """Each seat's expected share of the cities (the same for every seat): those claimed, and
    the evaluation beyond them read as cities still to come (it prices a claimed city at
    `CLAIMED`), below a win."""
    position = _as_state(state)
    total = position.total_cities
    claimed = len(position.claimed)
    coming = max(0.0, static_value(position) - CLAIMED * claimed) / CLAIMED
    value = min(ESTIMATE_CAP, (claimed + coming) / total)
    return tuple(value for _ in range(position.num_players))
