"""Statistics of finished plays (computers excluded): a table of plays, wins, win rate, average
and best score per player and game, and charts — wins per player, scores over time, plays per
month. Every number is an SQL aggregate from the repository."""

from __future__ import annotations

import html
from collections import defaultdict
from datetime import datetime
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSplitter,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from companion.display import isolate, names_text
from companion.history import PeriodCount, PlayerStats, ScorePoint, TeamTally, WinMode
from ui import zoom
from ui.context import AppContext
from ui.events import events
from ui.i18n import language, reason, tr
from ui.play.palette import palette_events
from ui.shell.charts import BarChart, LineChart, series_colour, series_marker
from ui.shell.common import (
    EmptyState,
    MessageLabel,
    format_number,
    game_name,
    go_to_library,
    heading,
    library_button,
    other_games,
    repo,
    short_name,
)

#: The game filter's first two entries.
BY_GAME = "*"  # one row per player and game
ALL_GAMES = ""  # one row per player over every game
COLUMNS = (("Player", "プレイヤー"), ("Game", "ゲーム"), ("Plays", "対局"), ("Wins", "勝ち"),
           ("Win rate", "勝率"), ("Average", "平均点"), ("Best", "最高点"))
TEAM_COLUMNS = (("Configuration", "構成"), ("Players", "人数"), ("Plays", "対局"),
                ("Wins", "勝ち"), ("Win rate", "勝率"))
#: Lines in "scores over time" (the players with the most plays of the game).
MAX_LINES = 6
#: The latest plays of each player "scores over time" draws (a club's history has thousands).
SCORE_POINTS = 100
#: Bars in "wins per player" (the players with the most wins).
MAX_BARS = 10


def wins_per_player(stats: list[PlayerStats]) -> list[tuple[str, int]]:
    """Wins summed per player, most first."""
    wins: dict[str, int] = defaultdict(int)
    for row in stats:
        wins[row.player] += row.wins
    return sorted(wins.items(), key=lambda item: (-item[1], item[0]))


#: Months shown in "plays per month" (the most recent ones with plays).
MONTHS = 12
#: The bars of "plays per month" (one colour: a bar is plays, not players).
MONTH_BAR = "#9c8660"


def previous_month(month: str) -> str:
    """"2026-01" → "2025-12"."""
    year, number = int(month[:4]), int(month[5:7])
    return f"{year - 1}-12" if number == 1 else f"{year}-{number - 1:02d}"


def recent_months(rows: list[PeriodCount]) -> list[str]:
    """Up to `MONTHS` months in a row, ending with the last month in which people played and
    starting no earlier than the first: a month without plays keeps its place (a gap)."""
    played = sorted({r.period for r in rows})
    if not played:
        return []
    months = [played[-1]]
    while len(months) < MONTHS and months[0] > played[0]:
        months.insert(0, previous_month(months[0]))
    return months


def month_tips(months: list[str], counts: dict[str, int], rows: list[PeriodCount]) -> list[str]:
    """Per month: its plays, then each player's plays in it, most first."""
    lang = language().code
    tips = []
    for month in months:
        players = sorted(((r.plays, r.player) for r in rows if r.period == month),
                         key=lambda item: (-item[0], item[1]))
        who = names_text((f"{isolate(name)} {plays}" for plays, name in players), lang)
        count = counts.get(month, 0)
        tips.append(tr(f"{month}: {count} plays — {who}", f"{month}: {count} 局 — {who}"))
    return tips


def score_series(points: list[ScorePoint]) -> dict[str, list[tuple[datetime, float]]]:
    """Each player's scores in time order, by player name; a player with more than
    `MAX_POINTS` scores gets the average of each of `BINS` equal stretches of time instead."""
    series: dict[str, list[tuple[datetime, float]]] = defaultdict(list)
    for point in points:
        series[point.player].append((point.when, point.score))
    return {name: averaged(sorted(series[name])) for name in sorted(series)}


#: More scores than this in one line are averaged over `BINS` stretches of time.
MAX_POINTS = 40
BINS = 24


def averaged(values: list[tuple[datetime, float]]) -> list[tuple[datetime, float]]:
    """`values` (oldest first) as they are, or averaged per stretch of time when too many."""
    if len(values) <= MAX_POINTS:
        return values
    start, end = values[0][0].timestamp(), values[-1][0].timestamp()
    width = (end - start) / BINS or 1.0
    bins: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for when, score in values:
        bins[min(int((when.timestamp() - start) / width), BINS - 1)].append(
            (when.timestamp(), score))
    return [(datetime.fromtimestamp(sum(t for t, _s in b) / len(b)),
             sum(s for _t, s in b) / len(b)) for _k, b in sorted(bins.items())]


def configuration_name(game_id: str, expansions: tuple[str, ...]) -> str:
    """The expansions of a play as people read them ("Base game" when none)."""
    from companion.games import registry

    if not expansions:
        return tr("Base game", "基本ゲーム")
    specs = [spec for spec in registry.get(game_id).options if spec.key == "expansions"]
    code = language().code
    return " + ".join(specs[0].choice_label(e, code) if specs else e for e in expansions)


def team_row(game_id: str, tally: TeamTally) -> list[tuple[str, float]]:
    """One configuration's cells (text, sort number) in the order of TEAM_COLUMNS."""
    players = (tr("solo", "ソロ") if tally.players == 1
               else tr(f"{tally.players} players", f"{tally.players}人"))
    return [(configuration_name(game_id, tally.expansions), 0.0),
            (players, tally.players), (str(tally.plays), tally.plays),
            (str(tally.wins), tally.wins), (f"{tally.win_rate:.0%}", tally.win_rate)]


class NumberItem(QTableWidgetItem):
    """A cell that sorts by its number, not its text ("10" after "9")."""

    def __lt__(self, other: QTableWidgetItem) -> bool:
        mine, theirs = self.data(Qt.ItemDataRole.UserRole), other.data(Qt.ItemDataRole.UserRole)
        if isinstance(mine, (int, float)) and isinstance(theirs, (int, float)):
            return mine < theirs
        return super().__lt__(other)


class StatisticsPage(QWidget):
    """Table and charts for the game chosen (every game by game, all together, or one)."""

    def __init__(self, ctx: AppContext, window: Any = None) -> None:
        super().__init__()
        self.ctx, self.window_ = ctx, window
        self._dirty = True
        self.stats: list[PlayerStats] = []
        self.title = heading(self)
        self.game_label = QLabel(self)
        self.game_filter = QComboBox(self)
        self.game_filter.setObjectName("stats_game")
        self.game_filter.currentIndexChanged.connect(self.reload)
        self.table = QTableWidget(self)
        self.table.setObjectName("stats_table")
        self.table.setColumnCount(len(COLUMNS))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSortingEnabled(True)
        self.table.verticalHeader().hide()
        zoom.fit_rows(self.table.verticalHeader(), 24)  # 24 px at 100%, growing with the text
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setResizeContentsPrecision(60)
        header.setMaximumSectionSize(260)  # a long name is cut with "…", its tooltip whole
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.team_results: list[TeamTally] = []
        self.team_box = QWidget(self)
        self.team_label = QLabel(self.team_box)
        self.team_table = QTableWidget(self.team_box)
        self.team_table.setObjectName("team_table")
        self.team_table.setColumnCount(len(TEAM_COLUMNS))
        self.team_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.team_table.verticalHeader().hide()
        zoom.fit_rows(self.team_table.verticalHeader(), 22)  # 22 px at 100%, growing with the text
        self.team_table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.team_table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        team_layout = QVBoxLayout(self.team_box)
        team_layout.setContentsMargins(0, 0, 0, 0)
        team_layout.addWidget(self.team_label)
        team_layout.addWidget(self.team_table, 1)
        self.team_box.hide()
        self.wins_chart = BarChart(self)
        self.wins_chart.setObjectName("wins_chart")
        self.scores_chart = LineChart(self)
        self.scores_chart.setObjectName("scores_chart")
        self.months_chart = BarChart(self)
        self.months_chart.setObjectName("months_chart")
        self.months_chart.bar_color = MONTH_BAR
        self.error_label = MessageLabel(self)
        self.legend = QLabel(self)
        self.legend.setObjectName("legend")
        self.legend.setWordWrap(True)
        charts = QWidget(self)
        charts_layout = QVBoxLayout(charts)
        charts_layout.setContentsMargins(0, 0, 0, 0)
        charts_row = QHBoxLayout()
        for chart in (self.wins_chart, self.scores_chart, self.months_chart):
            chart.show_legend = False
            charts_row.addWidget(chart)
        charts_layout.addLayout(charts_row, 1)
        charts_layout.addWidget(self.legend)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        tables = QWidget(self)
        tables_layout = QVBoxLayout(tables)
        tables_layout.setContentsMargins(0, 0, 0, 0)
        tables_layout.addWidget(self.table, 1)
        tables_layout.addWidget(self.team_box, 1)
        splitter.addWidget(tables)
        splitter.addWidget(charts)
        splitter.setChildrenCollapsible(False)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.game_label)
        top.addWidget(self.game_filter)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        self.empty_state = EmptyState(self, go_to_library(window))
        self.body = QStackedWidget(self)
        self.body.addWidget(splitter)
        self.body.addWidget(self.empty_state)
        layout.addWidget(self.error_label)
        layout.addWidget(self.body, 1)
        language().changed.connect(self.retranslate)
        events().history_changed.connect(self._history_changed)
        palette_events().changed.connect(self._show_legend)  # charts repaint by themselves
        self.retranslate()

    def _show_legend(self, *_: object) -> None:
        """Each name's marker in its colour, in the palette in use."""
        slots = self.scores_chart.slots
        self.legend.setText("&nbsp;&nbsp; ".join(
            f'<span style="color:{series_colour(slot).name()}">{series_marker(slot)}</span>'
            f"&nbsp;{html.escape(short_name(name, 24))}" for name, slot in slots.items()))
        self.legend.setToolTip("\n".join(slots))

    def retranslate(self, *_: object) -> None:
        self.title.setText(tr("Statistics", "統計"))
        self.game_label.setText(tr("Game", "ゲーム"))
        self.table.setHorizontalHeaderLabels([tr(en, ja) for en, ja in COLUMNS])
        self.team_label.setText(tr("The team's results per configuration (co-operative game: "
                                   "everybody wins or everybody loses)",
                                   "構成ごとのチームの成績(協力ゲーム: 全員が勝つか全員が負ける)"))
        self.team_table.setHorizontalHeaderLabels([tr(en, ja) for en, ja in TEAM_COLUMNS])
        self.empty_state.set_text(
            tr("No finished plays yet — play a game or log a table play, and each player's "
               "plays, wins and scores appear here.",
               "終わった対局はまだありません — ゲームを遊ぶか、卓上での対局を記録すると、"
               "プレイヤーごとの対局数・勝ち・得点がここに表示されます。"),
            library_button())
        self._fill_games()
        if not self._dirty:
            self._show()

    def _fill_games(self) -> None:
        from companion.games import registry

        current = self.game_filter.currentData()
        self.game_filter.blockSignals(True)
        self.game_filter.clear()
        self.game_filter.addItem(tr("Every game, one by one", "ゲーム別"), BY_GAME)
        self.game_filter.addItem(tr("All games together", "全ゲーム合計"), ALL_GAMES)
        for info in registry.all_games():
            self.game_filter.addItem(info.name(language().code), info.id)
        for game_id in other_games(self.ctx):  # games the app does not know, by name
            self.game_filter.addItem(game_name(game_id), game_id)
        index = self.game_filter.findData(current) if current is not None else 0
        self.game_filter.setCurrentIndex(max(0, index))
        self.game_filter.blockSignals(False)

    # --- loading ----------------------------------------------------------------------------
    def _history_changed(self) -> None:
        self._dirty = True
        self._fill_games()
        if self.isVisible():
            self.reload()

    def activated(self) -> None:
        if self._dirty:
            self.reload()

    def choice(self) -> str:
        value = self.game_filter.currentData()
        return BY_GAME if value is None else str(value)

    def reload(self, *_: object) -> None:
        if self.ctx.db is None:
            return
        self._dirty = False
        db, choice = repo(), self.choice()
        try:
            self.stats = list(db.player_stats(self.ctx.db,
                                              None if choice == BY_GAME else choice))
            score_game = choice if choice not in (BY_GAME, ALL_GAMES) else self._busiest_game()
            self.score_game = score_game
            self.points = db.stats.latest_scores(  # one pass over the game's newest plays
                self.ctx.db, score_game, self._top_players(score_game), SCORE_POINTS)
            game_id = None if choice in (BY_GAME, ALL_GAMES) else choice
            self.months = list(db.plays_per_period(self.ctx.db, game_id=game_id,
                                                   period="month", latest=MONTHS))
            recent = recent_months(self.months)
            since = datetime.strptime(recent[0], "%Y-%m") if recent else None
            self.month_counts = dict(db.stats.plays_counted_per_period(
                self.ctx.db, game_id=game_id, since=since))
            self.team_results = (db.team_results(self.ctx.db, game_id)
                                 if game_id and db.game_win_mode(self.ctx.db, game_id)
                                 is WinMode.COOPERATIVE else [])
        except Exception as exc:
            self.error_label.setText(tr(f"The statistics could not be read: {reason(exc)}",
                                        f"統計を読み込めませんでした: {reason(exc)}"))
            return
        self.error_label.setText("")
        self._show()

    def _top_players(self, game_id: str) -> list[str]:
        """The players with the most plays of `game_id` (of all games when the table is
        over all games together): the lines of "scores over time"."""
        if not game_id:
            return []
        rows = [r for r in self.stats if r.game_id in (game_id, "")]
        rows.sort(key=lambda r: (-r.plays, r.player))
        return [r.player for r in rows[:MAX_LINES]]

    def _busiest_game(self) -> str:
        counts: dict[str, int] = {}
        for row in self.stats:
            counts[row.game_id] = counts.get(row.game_id, 0) + row.plays
        if not counts or "" in counts:
            counts = dict(repo().game_play_counts(self.ctx.db))
        return max(sorted(counts), key=lambda g: counts[g]) if counts else ""

    def _show(self) -> None:
        nothing = not self.stats and self.choice() in (BY_GAME, ALL_GAMES)
        self.body.setCurrentIndex(1 if nothing else 0)
        self._fill_table()
        self._fill_team_table()
        wins = wins_per_player(self.stats)[:MAX_BARS]
        series = score_series(getattr(self, "points", []))
        # the lines first: each has a colour and a marker of its own (bars carry their names)
        shown = sorted(series) + sorted({n for n, _w in wins} - set(series))
        slots = {name: i for i, name in enumerate(shown)}
        for chart in (self.wins_chart, self.scores_chart, self.months_chart):
            chart.slots = slots
        self._show_legend()
        no_data = tr("No finished plays yet", "終わった対局はまだありません")
        self.wins_chart.set_data(tr("Wins per player", "プレイヤー別の勝ち数"),
                                 [n for n, _w in wins], [w for _n, w in wins], no_data)
        self.wins_chart.tips = [tr(f"{isolate(n)}: {w} wins", f"{isolate(n)}: {w} 勝")
                                for n, w in wins]
        game = getattr(self, "score_game", "")
        self.scores_chart.set_data(
            tr(f"Scores over time — {game_name(game)}", f"得点の推移 — {game_name(game)}")
            if game else tr("Scores over time", "得点の推移"), series, no_data)
        rows: list[PeriodCount] = getattr(self, "months", [])
        counts: dict[str, int] = getattr(self, "month_counts", {})
        months = recent_months(rows)
        self.months_chart.set_data(tr("Plays per month", "月別の対局数"), months,
                                   [counts.get(m, 0) for m in months], no_data)
        self.months_chart.tips = month_tips(months, counts, rows)

    def _fill_table(self) -> None:
        self.table.setSortingEnabled(False)
        self.table.setRowCount(len(self.stats))
        for row, stats in enumerate(self.stats):
            values: list[tuple[str, float]] = [
                (stats.player, 0.0),
                (game_name(stats.game_id) if stats.game_id else tr("All games", "全ゲーム"), 0.0),
                (str(stats.plays), stats.plays),
                (str(stats.wins), stats.wins),
                (f"{stats.win_rate:.0%}", stats.win_rate),
                (format_number(stats.average_score), stats.average_score or 0.0),
                (format_number(stats.best_score), stats.best_score or 0.0),
            ]
            for column, (text, number) in enumerate(values):
                item = NumberItem(text) if column >= 2 else QTableWidgetItem(text)
                if column == 0:
                    item.setToolTip(text)  # the column cuts a long name with "…"
                if column >= 2:
                    item.setData(Qt.ItemDataRole.UserRole, number)
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        self.table.setSortingEnabled(True)

    def _fill_team_table(self) -> None:
        game_id = self.choice()
        self.team_box.setVisible(bool(self.team_results))
        self.team_table.setRowCount(len(self.team_results))
        for row, tally in enumerate(self.team_results):
            for column, (text, number) in enumerate(team_row(game_id, tally)):
                item = NumberItem(text) if column >= 1 else QTableWidgetItem(text)
                item.setToolTip(text)
                if column >= 1:
                    item.setData(Qt.ItemDataRole.UserRole, number)
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                self.team_table.setItem(row, column, item)

    def team_rows(self) -> list[list[str]]:
        """The team table as shown (empty when it is hidden)."""
        if self.team_box.isHidden():
            return []
        return [[item.text() if (item := self.team_table.item(r, c)) is not None else ""
                 for c in range(len(TEAM_COLUMNS))]
                for r in range(self.team_table.rowCount())]

    def rows(self) -> list[list[str]]:
        """The table as shown."""
        return [[item.text() if (item := self.table.item(r, c)) is not None else ""
                 for c in range(len(COLUMNS))]
                for r in range(self.table.rowCount())]
