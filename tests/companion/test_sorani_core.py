"""Sorani: planet splits, star tiles, branches, bonus ties, winner, setup codes, tracker."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from companion.games.sorani.scoring import (
    PlayerEntries,
    SoraniSheet,
    StarTile,
    award_bonus,
    feature_problems,
    planet_problems,
    planet_split,
    score_game,
    tile_score,
)
from companion.games.sorani.setup import (
    SetupCodeError,
    decode,
    encode,
    from_code,
    randomize,
)
from companion.games.sorani.tracker import (
    ROUNDS,
    Phase,
    TrackerState,
    draft_order,
    feature_order,
    new_tracker,
    sun_seat,
)


# --- planets ------------------------------------------------------------------------------
@pytest.mark.parametrize(("counts", "points"), [
    ((0, 0, 0, 0), 0),
    ((1, 0, 0, 0), 0),
    ((1, 1, 0, 0), 3),
    ((1, 1, 1, 0), 7),
    ((1, 1, 1, 1), 12),
    ((2, 0, 0, 0), 3),             # group of 2
    ((3, 0, 0, 0), 7),
    ((4, 0, 0, 0), 12),
    ((2, 1, 0, 0), 6),             # set 2 (3) + group 2 (3)
    ((2, 1, 1, 0), 10),            # set 3 (7) + group 2 (3)
    ((2, 1, 1, 1), 15),            # set 4 (12) + group 2 (3)
    ((2, 2, 0, 0), 12),            # two sets of 2 (6) + two groups of 2 (6)
    ((2, 2, 2, 2), 36),            # 2 × 12 + 4 × 3
    ((3, 1, 0, 0), 10),            # set 2 + group 3
    ((3, 3, 3, 3), 64),            # 3 × 12 + 4 × 7
    ((4, 4, 4, 4), 96),            # 16 planets: 4 × 12 + 4 × 12
    ((4, 2, 1, 0), 25),            # sets 7 + 3, groups 12 + 3
    ((4, 0, 0, 0), 12),            # one colour only: a group of 4
])
def test_planet_split_known_values(counts: tuple[int, ...], points: int) -> None:
    assert planet_split(counts).points == points


def _brute_sets(counts: tuple[int, ...]) -> int:
    """Every assignment of each planet to a set number (tiny cases only)."""
    planets = [c for c, n in enumerate(counts) for _ in range(n)]
    best = 0
    chart = {0: 0, 1: 0, 2: 3, 3: 7, 4: 12}
    for labels in itertools.product(range(len(planets)), repeat=len(planets)):
        sets: dict[int, list[int]] = {}
        for colour, label in zip(planets, labels, strict=True):
            sets.setdefault(label, []).append(colour)
        if all(len(s) == len(set(s)) for s in sets.values()):
            best = max(best, sum(chart[len(s)] for s in sets.values()))
    return best


@pytest.mark.parametrize("counts", [(2, 1, 1, 0), (2, 2, 1, 0), (3, 1, 1, 0), (2, 1, 1, 1)])
def test_set_search_matches_brute_force(counts: tuple[int, ...]) -> None:
    assert planet_split(counts).set_points == _brute_sets(counts)


def test_planet_split_lines_show_sets_and_groups() -> None:
    split = planet_split((2, 1, 1, 0))
    assert split.lines(["R", "G", "B", "Y"]) == ["set R+G+B → 7", "group 2×R → 3", "= 10"]


def test_every_planet_count_up_to_16_is_split() -> None:
    for total in range(17):
        counts = tuple(total // 4 + (colour < total % 4) for colour in range(4))
        split = planet_split(counts)
        assert sum(size for _, size in split.groups) == total
    with pytest.raises(ValueError, match="Colour 1 has 10 planets"):
        planet_split((10, 6, 0, 0))
    with pytest.raises(ValueError, match="negative"):
        planet_split((-1, 0, 0, 0))


def test_more_than_four_planets_of_a_colour_are_refused_with_a_sentence() -> None:
    assert planet_problems((4, 4, 4, 4)) == []
    assert planet_problems((5, 0, 0, 0)) == [
        "Colour 1 has 5 planets; the game has only 4 of each colour."]
    assert planet_problems((0, 0, 7, 0), "ja") == ["色3の惑星が7枚あります。各色4枚までです。"]
    with pytest.raises(ValueError, match="only 4 of each colour"):
        planet_split((5, 0, 0, 0))


def test_more_than_two_feature_cards_of_a_star_value_are_refused() -> None:
    assert feature_problems([2, 2, 3, 3]) == []
    assert feature_problems([2, 3, 3, 3]) == [
        "3 special feature cards of ★3; a player keeps at most 2 of each star value."]
    assert feature_problems([4]) == ["There are no ★4 special feature cards (only ★2 and ★3)."]
    assert feature_problems([2, 2, 2], "ja") == [
        "★2 の特別な地形カードが3枚あります。1人2枚までです。"]
    with pytest.raises(ValueError, match="of ★2"):
        PlayerEntries("B", features=[1, 1, 1], feature_stars=[2, 2, 2]).breakdown()


def test_the_pad_takes_the_count_of_unconnected_nodes_at_minus_one_each() -> None:
    pad = SoraniSheet.new(["A", "B"])
    pad.set_score(0, "planets", 12)
    pad.set_score(0, "branches", 3)  # three nodes connect to nothing
    assert pad.total(0) == 9
    assert pad.breakdown(0) == {"planets": 12.0, "branches": -3.0}
    assert pad.refusal("branches", 3) is None
    assert pad.refusal("branches", -1) is not None and pad.refusal("branches", 1.5) is not None
    assert pad.refusal("planets", -1) is None  # other rows take points as typed


# --- stars, branches, bonus -----------------------------------------------------------------
@pytest.mark.parametrize(("stars", "white", "nodes", "points"), [
    (3, 0, 3, 3), (3, 0, 2, 0), (3, 0, 4, 0),
    (2, 1, 2, 2), (2, 1, 3, 3), (2, 1, 4, 0), (2, 1, 1, 0),
    (1, 2, 3, 3), (0, 1, 0, 0), (4, 0, 0, 0),
])
def test_tile_score_with_white_stars(stars: int, white: int, nodes: int, points: int) -> None:
    assert tile_score(stars, white, nodes) == points


def test_branches_are_negative_and_bonus_goes_to_every_tied_player() -> None:
    player = PlayerEntries("A", unconnected_nodes=5)
    assert player.breakdown()["branches"] == -5
    assert sum(player.breakdown().values()) == -5
    assert award_bonus(4, [3, 5, 5, None]) == [0, 4, 4, 0]
    assert award_bonus(4, [None, None]) == [0, 0]


def test_breakdown_counts_clusters_apart_from_guiding_stars() -> None:
    player = PlayerEntries("A", planets=[1, 1, 1, 0],
                           tiles=[StarTile(3, 0, 3), StarTile(2, 1, 3),
                                  StarTile(2, 0, 2, cluster=False), StarTile(2, 0, 1)],
                           features=[4, 2], unconnected_nodes=3, bonus=5)
    assert player.breakdown() == {"planets": 7, "guiding": 2, "clusters": 6, "feature1": 4,
                                  "feature2": 2, "branches": -3, "bonus": 5}
    with pytest.raises(ValueError, match="at most 4"):
        PlayerEntries("B", features=[1, 1, 1, 1, 1]).breakdown()


# --- winner ---------------------------------------------------------------------------------
def test_tie_broken_by_cluster_points() -> None:
    a = PlayerEntries("A", tiles=[StarTile(3, 0, 3)], bonus=2)  # 5, clusters 3
    b = PlayerEntries("B", tiles=[StarTile(2, 0, 2, cluster=False)], bonus=3)  # 5, clusters 0
    result = score_game([a, b])
    assert result.totals == (5, 5) and result.winners == (0,) and not result.shared
    assert result.ranks == (1, 2)


def test_tie_without_cluster_difference_is_shared() -> None:
    a = PlayerEntries("A", tiles=[StarTile(3, 0, 3)], bonus=2)
    b = PlayerEntries("B", tiles=[StarTile(3, 0, 3)], features=[2])
    c = PlayerEntries("C", bonus=1)
    result = score_game([a, b, c])
    assert result.winners == (0, 1) and result.shared and result.ranks == (1, 1, 3)


def test_sheet_tie_break_uses_cluster_row() -> None:
    sheet = SoraniSheet.new(["A", "B"])
    sheet.set_score(0, "guiding", 6)
    sheet.set_score(1, "clusters", 6)
    assert sheet.winners() == ["B"]
    sheet.set_score(0, "clusters", 6)
    sheet.set_score(1, "guiding", 6)
    assert sheet.winners() == ["A", "B"]
    record = sheet.to_play_record()
    assert [seat.winner for seat in record.seats] == [True, True]
    assert record.seats[0].breakdown == {"guiding": 6.0, "clusters": 6.0}


# --- setup ----------------------------------------------------------------------------------
def test_setup_guarantees_over_thousands_of_seeds() -> None:
    for players in range(1, 5):
        coyote_seats: Counter[int] = Counter()
        rotations: Counter[int] = Counter()
        for seed in range(2500):
            setup = randomize(seed, players)
            assert setup.boards().count(True) == 1
            assert setup.first_seat == (setup.coyote_seat + 1) % players
            assert setup.feature_offer == players + 1
            assert setup.track_planets == {1: 8, 2: 8, 3: 10, 4: 12}[players]
            assert from_code(setup.code) == setup
            coyote_seats[setup.coyote_seat] += 1
            rotations[setup.dark_sky_rotation] += 1
        assert set(coyote_seats) == set(range(players))
        assert set(rotations) == {0, 90, 180, 270}


def test_setup_code_round_trip_and_errors() -> None:
    for seed, players in [(0, 1), (1, 4), ((1 << 30) - 1, 3), (987654, 2)]:
        code = encode(seed, players)
        assert len(code) == 8 and code[4] == "-"
        assert decode(code) == (seed, players)
        assert decode(code.lower().replace("-", " ")) == (seed, players)
    assert decode("000O-1LI") == decode("0000-111")
    with pytest.raises(SetupCodeError, match="expected 7"):
        decode("ABC")
    with pytest.raises(SetupCodeError, match="not a code character"):
        decode("0000-00U")
    with pytest.raises(SetupCodeError, match="out of range"):
        decode("ZZZZ-ZZZ")
    with pytest.raises(ValueError):
        encode(1, 5)


def test_checklist_names_coyote_and_first_player() -> None:
    setup = randomize(7, 4)
    names = ["Ann", "Ben", "Cho", "Dai"]
    steps = setup.checklist("en", names)
    assert names[setup.coyote_seat] in steps[1]
    assert names[setup.first_seat] in steps[-1]
    assert "1 × l2, 2 × i1, 2 × v2" in steps[2]
    assert "5 face up" in steps[4]
    assert len(setup.checklist("ja", names)) == len(steps)


# --- tracker --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_sun_rotation_each_seat_starts_equally_often(players: int) -> None:
    for first in range(players):
        starts = Counter(sun_seat(first, players, r) for r in range(1, ROUNDS + 1))
        assert set(starts.values()) == {ROUNDS // players}
        assert sun_seat(first, players, 1) == first


def _run(state: TrackerState, features: dict[int, int] | None = None) -> list[TrackerState]:
    seen = [state]
    while not state.is_over:
        if state.phase is Phase.FEATURES and state.feature_picks is None:
            state = state.with_feature_draft(features or {})
        else:
            state = state.advance()
        seen.append(state)
    return seen


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_draft_order_over_all_rounds(players: int) -> None:
    states = _run(TrackerState(players, first_seat=players - 1))
    for round_ in range(1, ROUNDS + 1):
        picks = [s.picker() for s in states if s.round == round_ and s.phase is Phase.DRAFT]
        sun = (players - 1 + round_ - 1) % players
        clockwise = [(sun + i) % players for i in range(players)]
        if players == 1:
            assert picks == [0, 0]
        else:
            assert picks == clockwise + clockwise[::-1]
            assert picks == draft_order(players, sun)


def test_round_12_has_no_clean_up_and_others_do() -> None:
    states = _run(TrackerState(3))
    cleanups = sorted({s.round for s in states if s.phase is Phase.CLEANUP})
    assert cleanups == list(range(1, 12))
    assert states[-1].phase is Phase.SCORING and states[-1].round == 12
    prep12 = next(s for s in states if s.round == 12 and s.phase is Phase.PREPARATION)
    assert "set aside" in prep12.instruction("en")
    assert states[-1].advance() == states[-1]


def test_feature_draft_one_card_per_pass_from_the_sun() -> None:
    assert feature_order(2, 4, {0: 2, 1: 1, 3: 1}) == [3, 0, 1, 0]
    assert feature_order(0, 3, {}) == []
    state = _run(TrackerState(2))[0]
    state = TrackerState(2, round=3, phase=Phase.FEATURES)
    with pytest.raises(ValueError, match="dark sky"):
        state.advance()
    asked = state.with_feature_draft({0: 1, 1: 1})
    assert asked.feature_picks == (0, 1)  # round 3, 2 players, first seat 0: the sun is seat 0
    assert asked.advance().picker() == 0 and asked.advance().advance().picker() == 1
    assert "Nobody" in state.with_feature_draft({}).instruction("en")


def test_reserve_planets_reminder_until_entered() -> None:
    state = TrackerState(4, round=5)
    assert "reserve" in state.instruction("en") and "予備" in state.instruction("ja")
    entered = state.with_reserve_entered()
    assert entered.reserve_round == 5 and "reserve" not in entered.instruction("en")


def test_instructions_name_whose_pick_and_tile_counts() -> None:
    names = ["Ann", "Ben", "Cho"]
    state = TrackerState(3, first_seat=1)
    assert "Draw 4 star clusters and 4 branch" in state.instruction("en", names)
    state = state.advance()
    assert state.instruction("en", names).startswith("Ben picks a star cluster or a branch")
    assert state.advance().instruction("ja", names).startswith("Cho が")
    assert "2 players" not in TrackerState(2).instruction("en")
    assert "3 star clusters" in TrackerState(2).instruction("en")
    assert "5 star clusters" in TrackerState(4).instruction("en")


def test_a_new_tracker_follows_the_setup_of_its_player_count() -> None:
    setup = next(randomize(seed, 3) for seed in range(100) if randomize(seed, 3).first_seat == 1)
    tracker = new_tracker(3, setup)
    assert (tracker.players, tracker.first_seat, tracker.sun) == (3, 1, 1)
    assert tracker.draft() == [1, 2, 0, 0, 2, 1]
    assert tracker.follows(3, setup) and not tracker.follows(2, setup)
    assert not TrackerState(3).follows(3, setup)
    assert new_tracker(2, setup) == TrackerState(2)  # the setup is for another count


def test_tracker_json_round_trip() -> None:
    for state in _run(TrackerState(4, first_seat=2), {1: 2})[::7]:
        assert TrackerState.from_json(state.to_json()) == state


def test_every_split_of_up_to_16_planets_is_valid_and_matches_layering() -> None:
    """All 625 colour counts (0–4 per colour, 0–16 planets): the sets found use each planet
    once with distinct colours, and score what taking one of each colour per set scores."""
    chart = {0: 0, 1: 0, 2: 3, 3: 7, 4: 12}
    for counts in itertools.product(range(5), repeat=4):
        split = planet_split(counts)
        used = Counter(c for s in split.sets for c in s)
        assert all(len(set(s)) == len(s) for s in split.sets)
        assert all(used[c] == n for c, n in enumerate(counts))
        layers = sum(chart[sum(1 for n in counts if n > level)] for level in range(4))
        assert split.set_points == layers
        assert split.group_points == sum(chart[n] for n in counts)
