"""The engine's words: a position in one line, why a move is refused, broken invariants."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.cetkaik.compiled import (
    EMPTY,
    KIND_OF,
    KINDS,
    PROFESSION_OF,
    SIDE_OF,
    TAM,
)
from companion.games.cetkaik.moves import AfterCast, Declare, Drop, FirstMover, PieceMove, TamMove
from companion.games.cetkaik.pieces import Colour, Profession
from companion.games.cetkaik.variants import SIDE_NAMES
from companion.games.sticks.moves import Sticks

if TYPE_CHECKING:
    from companion.games.cetkaik.rules import CetkaikState


def _token(code: int) -> str:
    if code == TAM:
        return "@"
    kind = KIND_OF[code]
    letter = Profession(kind >> 1).letter
    return Colour(kind & 1).letter + (letter if SIDE_OF[code] == 0 else letter.lower())


def board_text(state: Any) -> str:
    """The board row by row from the top: ``rP`` a red pawn of the IA side, ``rp`` of the A
    side, ``@`` the 皇, digits for runs of empty squares."""
    width = state.tables.board.width
    rows = []
    for start in range(0, len(state.board), width):
        text, gap = "", 0
        for code in state.board[start:start + width]:
            if code == EMPTY:
                gap += 1
                continue
            if gap:
                text += str(gap)
                gap = 0
            text += _token(code)
        rows.append(text + (str(gap) if gap else ""))
    return "/".join(rows)


def _held(counts: list[int]) -> str:
    parts = [f"{Colour(k & 1).letter}{Profession(k >> 1).letter}{n}"
             for k, n in enumerate(counts) if n]
    return "".join(parts) or "-"


def describe(state: CetkaikState) -> str:
    names = state.tables.names
    src, via, dest = state.pending
    pending = "-" if src < 0 else "/".join(names[sq] if sq >= 0 else "?"
                                           for sq in (src, via, dest))
    reach = ",".join(names[sq] for sq in state.reach) or "-"
    who = "over: " + state.reason if state.over else f"{SIDE_NAMES[state.mover]} side acts"
    penalties = ",".join(p.key for p in state.penalties) or "-"
    return (f"Cetkaik {state.variant.key}, season {state.season + 1}/{state.seasons}, "
            f"rate x{state.rate}, points IA {state.scores[0]} / A {state.scores[1]}; "
            f"phase {state.phase}, {who}; 皇 moved last turn: {'yes' if state.tam_moved else 'no'}"
            f"; pending {pending} ({state.plan or '-'}), last cast {state.last_cast}, may go "
            f"{reach}, captured "
            f"{state.captured}, penalties {penalties}, turns {state.turns}, seasons ended "
            f"{len(state.results)}; held IA {_held(state.hop[0])} A {_held(state.hop[1])}; "
            f"board {board_text(state)}")


# --- why a move is refused ---------------------------------------------------------------------
def why_illegal(state: CetkaikState, move: Any) -> str:
    from companion.games.cetkaik.rules import (
        AFTER_CAST,
        DECLARE,
        OVER,
        SEASON_START,
        STEP_CAST,
        STEP_CHAIN,
        WATER_CAST,
    )

    phase = state.phase
    if phase == OVER:
        return "the game is over"
    if phase == SEASON_START:
        return "the season's first mover is being drawn (first IA or first A)"
    if phase in (STEP_CAST, WATER_CAST):
        what = "stepping" if phase == STEP_CAST else "water-entry"
        return f"the sticks of the {what} cast are in the air: only =0 … =5 can come"
    if phase == DECLARE:
        return "a new hand was made: declare 再行 (continue) or 終季 (end the season) first"
    if phase == STEP_CHAIN:
        return (f"連撃術: the sticks add up to {state.chain_total}; cast again (recast) or keep "
                "the total (bank) first")
    if phase == AFTER_CAST:
        if isinstance(move, AfterCast):
            reach = ", ".join(state.tables.names[sq] for sq in state.reach)
            return f"after this cast the piece may go to {reach} or stay"
        return "complete the stepping move (go <square>) or give it up (stay) first"
    if isinstance(move, (Sticks, FirstMover)):
        return "chance does not act now"
    if isinstance(move, Declare):
        return "no declaration is due: no new hand was made"
    if isinstance(move, AfterCast):
        return "no stepping cast is waiting"
    if isinstance(move, Drop):
        return _why_not_drop(state, move)
    if isinstance(move, TamMove):
        return _why_not_tam(state, move)
    if isinstance(move, PieceMove):
        return _why_not_piece_move(state, move)
    return "not a 机戦 move"


def _square_or_none(state: CetkaikState, name: str) -> int | None:
    return state.tables.index.get(name)


def _why_not_drop(state: CetkaikState, move: Drop) -> str:
    kind = int(move.profession) * 2 + int(move.colour)
    piece = move.colour.kanji + move.profession.kanji
    if not state.hop[state.mover][kind]:
        return f"{SIDE_NAMES[state.mover]} side holds no captured {piece}"
    sq = _square_or_none(state, move.dest)
    if sq is None:
        return f"{move.dest} is not a square of this board"
    return f"{move.dest} is not empty: a captured piece goes on an empty square"


def _why_not_tam(state: CetkaikState, move: TamMove) -> str:
    if state.tam < 0 or state.tables.names[state.tam] != move.src:
        return f"the 皇 is not on {move.src}"
    if state.tam_moved and state.rules.tam_after_opponent == "forbidden":
        return "the 皇 may not move right after the other side moved it (option)"
    if move.src == move.dest and state.rules.tam_back_home == "forbidden":
        return "the 皇 may not end where it started (option)"
    return ("the 皇 moves two king steps to empty squares and may step on one piece on "
            "the way (the stepped-on square in brackets)")


def _why_not_piece_move(state: CetkaikState, move: PieceMove) -> str:
    src = _square_or_none(state, move.src)
    if src is None:
        return f"{move.src} is not a square of this board"
    code = state.board[src]
    if code == EMPTY:
        return f"there is no piece on {move.src}"
    if code == TAM:
        return f"the 皇 on {move.src} moves with 皇 notation, e.g. 皇{move.src}-…"
    if SIDE_OF[code] != state.mover:
        return f"the piece on {move.src} belongs to the {SIDE_NAMES[1 - state.mover]} side"
    piece = Profession(PROFESSION_OF[code]).kanji
    plan = state.rules.announce
    if move.via:
        via = _square_or_none(state, move.via)
        if via is None or state.board[via] == EMPTY:
            return f"there is no piece on {move.via} to step on"
        if state.board[via] == TAM and state.rules.step_on_tam == "forbidden":
            return "stepping on the 皇 is not allowed (option)"
        wanted = "square" if move.dest and not move.towards else \
            "direction" if move.towards else "nothing"
        if wanted != plan and _ranging_step_exists(state, move):
            return f"this game announces the {_PLAN_WORDS[plan]} before a stepping cast"
    dest = _square_or_none(state, move.dest) if move.dest else None
    if dest is not None and state.board[dest] != EMPTY:
        occupant = state.board[dest]
        if occupant == TAM:
            return "no piece may end its move on the 皇"
        if SIDE_OF[occupant] == state.mover and dest != src:
            return f"{move.dest} holds one of your own pieces"
        if _guarded(state, dest):
            return f"the piece on {move.dest} is protected by a 将 on 皇処 next to it"
    return f"the {piece} on {move.src} cannot reach {move.dest or '?'}" + (
        f" stepping on {move.via}" if move.via else "")


_PLAN_WORDS = {"square": "exact square", "direction": "direction", "nothing": "nothing"}


def _ranging_step_exists(state: CetkaikState, move: PieceMove) -> bool:
    return any(isinstance(m, PieceMove) and m.src == move.src and m.via == move.via
               for m in state.legal_moves())


def _guarded(state: CetkaikState, sq: int) -> bool:
    owner = SIDE_OF[state.board[sq]]
    return state._protected(owner)[sq]


# --- invariants --------------------------------------------------------------------------------
def invariant_errors(state: CetkaikState) -> list[str]:
    from companion.games.cetkaik.rules import CHANCE_PHASES, OVER, STEP_CAST, WATER_CAST

    errors: list[str] = []
    expected = state.variant.piece_set()
    found = [0] * KINDS
    tams = []
    for sq, code in enumerate(state.board):
        if code == TAM:
            tams.append(sq)
        elif code != EMPTY:
            found[KIND_OF[code]] += 1
    for side in (0, 1):
        if any(n < 0 for n in state.hop[side]):
            errors.append(f"{SIDE_NAMES[side]} side holds a negative count")
        for kind, n in enumerate(state.hop[side]):
            found[kind] += n
    for kind, n in enumerate(found):
        colour, profession = Colour(kind & 1), Profession(kind >> 1)
        if n != expected.get((colour, profession), 0):
            errors.append(f"{colour.kanji}{profession.kanji}: {n} on the board and in hand, "
                          f"the set has {expected.get((colour, profession), 0)}")
    if tams != ([state.tam] if state.tam >= 0 else []):
        errors.append(f"the 皇 is recorded on {state.tam} but stands on {tams}")
    total = state.total_points
    if sum(state.scores) != total or (state.rules.cap and min(state.scores) < 0):
        errors.append(f"points {state.scores} do not add up to {total}")
    if state.rate < 1 or state.rate > state.variant.rate_cap or state.rate & (state.rate - 1):
        errors.append(f"rate x{state.rate} is not a power of two up to "
                      f"x{state.variant.rate_cap}")
    if not 0 <= state.season < state.seasons:
        errors.append(f"season {state.season + 1} of {state.seasons}")
    if (state.phase == OVER) != bool(state.reason):
        errors.append(f"phase {state.phase} with reason {state.reason!r}")
    if state.phase in (STEP_CAST, WATER_CAST) and state.pending[0] < 0:
        errors.append(f"{state.phase} without a pending move")
    if state.phase not in CHANCE_PHASES and state.phase != OVER and state.mover not in (0, 1):
        errors.append(f"mover {state.mover}")
    if state.phase == OVER and min(state.scores) > 0 and state.termination.value == "normal" \
            and state.rules.cap \
            and "no legal move" not in state.reason:
        errors.append(f"game over ({state.reason}) with points {state.scores}")
    return errors
