"""The Equilibrium table companion for a physical copy, on the shared `TablePage`:

- Setup: a seeded setup (players, expansions, how many books and their price) with its share
  code, the steps to follow and a printable setup card; a typed code shows its setup again.
- Turn tracker: phase I / phase II, whose turn, the dream deck counted down (or corrected by
  hand), the cities claimed out of 12 or 16, the chaos penalties while a chaos card waits;
  Undo/Redo of every step (`TableTracker` is an immutable value). When the game ends the
  result sheet is filled in from it.
- Result sheet: won or lost, cities claimed, cards left in the deck, the books, the players
  (the page's header); saved to the history as a co-operative play and printed.
- Deck profile: the powers printed on the dream cards, checked (a sentence per problem) and
  kept in the settings; new digital games deal that deck.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
)

from companion.core.errors import CompanionError
from companion.games.equilibrium.cards import MAX_BOOKS
from companion.games.equilibrium.profile import ProfileError, default_profile, profile_from_text
from companion.games.equilibrium.setup import Setup, randomize_setup, setup_from_code
from companion.games.equilibrium.tracker import (
    ResultSheet,
    TableTracker,
    TrackerError,
    penalty_reminder,
)
from companion.history import PlayRecord
from ui.context import AppContext
from ui.i18n import language, tr
from ui.play.widgets import words
from ui.table.frame import Printing, TablePage, TableTab
from ui.table.players_box import PlayersBox
from ui.table.setup_tab import SetupTab
from ui.undo import ReplaceState

EXPANSIONS = (("books", "Book of Powers", "力の書"),
              ("squares", "Squares && Higher Beings", "正方形の建造物と高次元なるもの"))


def write_pdf(specs: list[Any], path: Path) -> None:
    from companion.export.pdf import render_sheets

    render_sheets(specs, path)


# --- setup ----------------------------------------------------------------------------------
class EquilibriumSetupTab(SetupTab):
    """A seeded setup and its code; Print: the setup card."""

    printing = Printing("equilibrium-setup.pdf", text=("Print setup card…", "準備カードを印刷…"))

    def __init__(self, page: EquilibriumTablePage) -> None:
        self.equilibrium = page
        super().__init__(page, ("type a setup code (EQ-…)", "準備コード(EQ-…)を入力"))
        self.boxes: dict[str, QCheckBox] = {}
        options = QGridLayout()
        for i, (key, en, ja) in enumerate(EXPANSIONS):
            box = words(QCheckBox(self), en, ja)
            box.setObjectName(f"expansion:{key}")
            box.toggled.connect(self._expansions_changed)
            self.boxes[key] = box
            options.addWidget(box, i, 0, 1, 4)
        self.book_count = words(QSpinBox(self), "Books in play", "使う力の書",
                                "setAccessibleName")
        self.book_count.setObjectName("book_count")
        self.book_count.setRange(0, MAX_BOOKS)
        self.book_count.setValue(3)
        self.book_cost = words(QSpinBox(self), "Cards per book", "1冊の代償(枚)",
                               "setAccessibleName")
        self.book_cost.setObjectName("book_cost")
        self.book_cost.setRange(2, 4)
        options.addWidget(words(QLabel(self), "Books in play", "使う力の書"), 2, 0)
        options.addWidget(self.book_count, 2, 1)
        options.addWidget(words(QLabel(self), "Cards per book", "1冊の代償(枚)"), 2, 2)
        options.addWidget(self.book_cost, 2, 3)
        options.setColumnStretch(4, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.bar)
        layout.addLayout(options)
        layout.addWidget(self.steps, 1)
        self._expansions_changed()
        self.bar.show_code(None)

    def _expansions_changed(self, *_: object) -> None:
        books = self.boxes["books"].isChecked()
        self.book_count.setEnabled(books)
        self.book_cost.setEnabled(books)

    def new_setup(self) -> None:
        expansions = [key for key, box in self.boxes.items() if box.isChecked()]
        books = self.book_count.value() if "books" in expansions else None
        setup = randomize_setup(random.randrange(1 << 30), expansions,
                                self.equilibrium.players.count(), books,
                                self.book_cost.value())
        self.show_setup(setup)

    def read_code(self, code: str) -> Setup:
        return setup_from_code(code)

    def show_setup(self, setup: Setup) -> None:
        self.setup = setup
        self.equilibrium.players.set_count(setup.players)
        for key, box in self.boxes.items():
            box.blockSignals(True)
            box.setChecked(key in setup.expansions)
            box.blockSignals(False)
        self._expansions_changed()
        self.bar.show_code(setup.code())
        self.show_steps(setup.describe(language().code))
        self.say(f"Setup {setup.code()}: the tracker and the result sheet follow it.",
                 f"準備 {setup.code()}: 記録と結果シートはこの準備に従います。")
        self.equilibrium.setup_changed(setup)
        self.changed.emit()

    def export_pdf(self, path: Path) -> None:
        from companion.games.equilibrium.printing import setup_card

        if self.setup is None:
            raise ValueError(self.print_problem() or "")
        write_pdf([setup_card(self.setup, language().code)], path)

    def retranslate(self) -> None:
        if self.setup is not None:
            self.show_steps(self.setup.describe(language().code))
            self.bar.show_code(self.setup.code())
        else:
            self.bar.show_code(None)


# --- the turn tracker -----------------------------------------------------------------------
class TrackerTab(TableTab):
    """Phase, turn, deck and cities of a game at the table, step by step with undo."""

    title = ("Turn tracker", "ターン記録")

    def __init__(self, page: EquilibriumTablePage) -> None:
        super().__init__(page)
        self.equilibrium = page
        self.stack = QUndoStack(self)
        self.undo_stack = self.stack
        self.model = TableTracker.start()
        self.status_label = QLabel(self)
        self.status_label.setObjectName("tracker_status")
        self.status_label.setWordWrap(True)
        font = self.status_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.status_label.setFont(font)
        self.reminder = QLabel(self)
        self.reminder.setWordWrap(True)
        self.reminder.setStyleSheet("color: #7a1f1f;")
        self.claim_count = words(QSpinBox(self), "Cities claimed", "獲得した都市の数",
                                 "setAccessibleName")
        self.claim_count.setRange(1, 6)
        self.found = words(QSpinBox(self), "Chaos cards among the 4", "4枚中の混沌カード",
                           "setAccessibleName")
        self.found.setRange(0, 4)
        self.deck_count = words(QSpinBox(self), "Cards in the deck", "山札の枚数",
                                "setAccessibleName")
        self.deck_count.setRange(0, 99)
        grid = QGridLayout()
        self.buttons: dict[str, QPushButton] = {}
        rows: list[list[tuple[str, str, str, Callable[[], TableTracker]]]] = [
            [("end_phase", "End phase I", "フェイズIを終える", lambda: self.model.end_phase()),
             ("seed", "Seed a city (2 cards)", "都市に2枚配置", lambda: self.model.take(2))],
            [("draw", "Draw a card", "1枚引く", lambda: self.model.draw()),
             ("chaos", "Drew a chaos card", "混沌カードを引いた", lambda: self.model.draw_chaos())],
            [("end_turn", "End the turn", "手番を終える", lambda: self.model.end_turn()),
             ("lose", "The game is lost", "敗北", lambda: self.model.lose())],
        ]
        for r, row in enumerate(rows):
            for c, (key, en, ja, step) in enumerate(row):
                grid.addWidget(self._button(key, en, ja, step), r, c)
        claim_row = QHBoxLayout()
        claim_row.addWidget(self.claim_count)
        claim_row.addWidget(self._button("claim", "cities claimed", "都市を獲得",
                                         lambda: self.model.claim(self.claim_count.value())), 1)
        penalty_row = QHBoxLayout()
        for number in (1, 2, 3):
            penalty_row.addWidget(self._button(f"penalty{number}", f"Penalty {number}",
                                               f"罰{number}", self._penalty(number)))
        penalty_row.addWidget(words(QLabel(self), "chaos among the 4:", "4枚中の混沌:"))
        penalty_row.addWidget(self.found)
        deck_row = QHBoxLayout()
        deck_row.addWidget(self.deck_count)
        deck_row.addWidget(self._button("set_deck", "cards in the deck (counted)",
                                        "山札の枚数(数えた)",
                                        lambda: self.model.set_deck(self.deck_count.value())), 1)
        self.new_button = words(QPushButton(self), "New game (from the setup)",
                                "新しいゲーム(準備から)")
        self.new_button.setObjectName("tracker_new")
        self.new_button.clicked.connect(self.new_game)
        page.bind(self, "Ctrl+N", self.new_button)
        page.bind(self, "Ctrl+Return", [self.buttons["end_phase"], self.buttons["end_turn"]])
        page.bind(self, "Ctrl+D", self.buttons["draw"])
        layout = QVBoxLayout(self)
        layout.addWidget(self.status_label)
        layout.addLayout(claim_row)
        layout.addLayout(grid)
        layout.addLayout(penalty_row)
        layout.addLayout(deck_row)
        layout.addWidget(self.reminder)
        layout.addWidget(self.new_button)
        layout.addStretch(1)
        page.players.names_changed.connect(lambda *_: self.refresh())
        self.refresh()

    def _penalty(self, number: int) -> Callable[[], TableTracker]:
        return lambda: self.model.penalty(number, self.found.value() if number == 3 else 0)

    def _button(self, key: str, en: str, ja: str,
                step: Callable[[], TableTracker]) -> QPushButton:
        button = words(QPushButton(self), en, ja)
        button.setObjectName(f"tracker:{key}")
        button.clicked.connect(lambda _=False: self.step(step))
        self.buttons[key] = button
        return button

    def step(self, make: Callable[[], TableTracker]) -> bool:
        """Apply one step (refused steps say why, nothing changes)."""
        try:
            after = make()
        except TrackerError as exc:
            self.say(str(exc), exc.ja or None)
            return False
        self.say("")  # a step done: the refusal before it is no longer the news
        self.stack.push(ReplaceState(self.model, after, self.apply))
        return True

    def apply(self, model: TableTracker) -> None:
        self.model = model
        self.refresh()
        if model.is_over():
            self.equilibrium.result_tab.fill_from(model)
        self.edited.emit()

    def new_game(self) -> None:
        setup = self.equilibrium.setup_tab.setup
        try:
            model = TableTracker.from_setup(setup) if setup is not None else \
                TableTracker.start(self.equilibrium.players.count())
        except TrackerError as exc:
            self.say(str(exc), exc.ja or None)
            return
        self.stack.clear()
        self.apply(model)

    def refresh(self) -> None:
        lang = language().code
        self.status_label.setText(self.model.status(lang, self.equilibrium.players.names()))
        self.deck_count.setValue(self.model.deck)
        due = self.model.needs_penalty()
        self.reminder.setText(tr("A chaos card waits. The penalties:", "混沌カードの罰:") + "\n"
                              + "\n".join(penalty_reminder(lang)) if due else "")
        self.reminder.setVisible(due)

    def retranslate(self) -> None:
        self.refresh()


# --- the result sheet -----------------------------------------------------------------------
class ResultTab(TableTab):
    """Won or lost, cities claimed, cards left: saved as a co-operative play and printed."""

    title = ("Result sheet", "結果シート")
    savable = True
    printing = Printing("equilibrium-result.pdf", text=("Print result sheet…", "結果シートを印刷…"))

    def __init__(self, page: EquilibriumTablePage) -> None:
        super().__init__(page)
        self.equilibrium = page
        self.result = QComboBox(self)
        self.result.setObjectName("result")
        self.claimed = words(QSpinBox(self), "Cities claimed", "獲得した都市",
                             "setAccessibleName")
        self.claimed.setObjectName("claimed")
        self.deck_left = QSpinBox(self)
        self.deck_left.setObjectName("deck_left")
        self.deck_left.setRange(0, 99)
        self.total = QLabel(self)
        self.books = QLabel(self)
        self.books.setWordWrap(True)
        form = QFormLayout()
        self.labels = [words(QLabel(self), "Result", "結果"),
                       words(QLabel(self), "Cities claimed", "獲得した都市"),
                       words(QLabel(self), "Cards left in the deck", "山札の残り"),
                       words(QLabel(self), "Books", "力の書")]
        claimed_row = QHBoxLayout()
        claimed_row.addWidget(self.claimed)
        claimed_row.addWidget(self.total, 1)
        form.addRow(self.labels[0], self.result)
        form.addRow(self.labels[1], claimed_row)
        form.addRow(self.labels[2], self.deck_left)
        form.addRow(self.labels[3], self.books)
        self.help = QLabel(self)
        self.help.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.help)
        layout.addStretch(1)
        for widget in (self.result, self.claimed, self.deck_left):
            signal = widget.currentIndexChanged if isinstance(widget, QComboBox) \
                else widget.valueChanged
            signal.connect(self._changed)
        page.players.names_changed.connect(self._changed)
        self.retranslate()

    def setup(self) -> Setup | None:
        setup: Setup | None = self.equilibrium.setup_tab.setup
        return setup

    def total_cities(self) -> int:
        setup = self.setup()
        return setup.total_cities if setup is not None else 12

    def fill_from(self, tracker: TableTracker) -> None:
        """The tracker's end: result, cities and deck as it counted them."""
        self.result.setCurrentIndex(0 if tracker.result == "won" else 1)
        self.claimed.setValue(tracker.claimed)
        self.deck_left.setValue(tracker.deck)

    def sheet(self) -> ResultSheet:
        setup = self.setup()
        extra: dict[str, Any] = {}
        if setup is not None:
            extra = {"expansions": tuple(setup.expansions), "books": tuple(setup.books),
                     "book_cost": setup.book_cost}
        return ResultSheet(self.equilibrium.players.names(), self.result.currentIndex() == 0,
                           self.claimed.value(), self.total_cities(), self.deck_left.value(),
                           **extra)

    def _changed(self, *_: object) -> None:
        self.edited.emit()
        self.changed.emit()

    def save_problem(self) -> str | None:
        names = self.equilibrium.players.names_problem()
        if names:
            return names
        problems = self.sheet().problems()
        return " ".join(problems) if problems else None

    def print_problem(self) -> str | None:
        return self.save_problem()

    def play_record(self) -> PlayRecord:
        return self.sheet().to_play_record()

    def export_pdf(self, path: Path) -> None:
        from companion.games.equilibrium.printing import result_sheet

        try:
            spec = result_sheet(self.sheet(), language().code)
        except CompanionError as exc:
            raise ValueError(str(exc)) from None
        write_pdf([spec], path)

    def setup_changed(self) -> None:
        self.claimed.setRange(0, self.total_cities())
        self.retranslate()

    def retranslate(self) -> None:
        index = self.result.currentIndex()
        self.result.blockSignals(True)
        self.result.clear()
        self.result.addItems([tr("won — every city claimed", "勝利 — すべての都市を獲得"),
                              tr("lost", "敗北")])
        self.result.setCurrentIndex(max(index, 1) if index < 0 else index)
        self.result.blockSignals(False)
        self.claimed.setRange(0, self.total_cities())
        self.total.setText(tr(f"of {self.total_cities()}", f"/ {self.total_cities()}"))
        sheet = self.sheet()
        self.books.setText(("、" if language().code == "ja" else ", ").join(
            sheet.book_names(language().code, short=True)) or tr("none", "なし"))
        self.help.setText(tr("Everybody wins or everybody loses: the play is saved as the "
                             "team's result. The turn tracker fills this in when its game "
                             "ends; the expansions and books come from the setup.",
                             "全員が勝つか全員が負ける協力ゲーム: チームの結果として保存します。"
                             "ターン記録のゲームが終わるとここに記入されます。拡張と力の書は準備"
                             "から取ります。"))


# --- the deck profile -----------------------------------------------------------------------
PROFILE_KEY = "equilibrium/deck_profile"


def stored_profile(ctx: Any) -> str | None:
    """The deck profile a person saved (its one-line text), None for the default."""
    settings = getattr(ctx, "settings", None) if ctx is not None else None
    value = settings.value(PROFILE_KEY) if settings is not None else None
    if not value:
        return None
    try:
        return profile_from_text(str(value)).text()
    except ProfileError:
        return None


class ProfileTab(TableTab):
    """The powers printed on the dream cards, to match a physical copy; digital games use it."""

    title = ("Deck profile", "デッキ構成")

    def __init__(self, page: EquilibriumTablePage) -> None:
        super().__init__(page)
        self.edit = words(QLineEdit(self), "Deck profile", "デッキ構成", "setAccessibleName")
        self.edit.setObjectName("deck_profile")
        self.in_use = QLabel(self)
        self.in_use.setWordWrap(True)
        self.help = QLabel(self)
        self.help.setWordWrap(True)
        self.keep_button = words(QPushButton(self), "Use this deck", "このデッキを使う")
        self.keep_button.setObjectName("profile_keep")
        self.keep_button.clicked.connect(self.keep)
        self.default_button = words(QPushButton(self), "Back to the default", "既定に戻す")
        self.default_button.setObjectName("profile_default")
        self.default_button.clicked.connect(self.reset)
        buttons = QHBoxLayout()
        buttons.addWidget(self.keep_button)
        buttons.addWidget(self.default_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.in_use)
        layout.addWidget(self.edit)
        layout.addLayout(buttons)
        layout.addWidget(self.help)
        layout.addStretch(1)
        self.edit.setText(stored_profile(page.ctx) or default_profile().text())
        self.retranslate()

    def keep(self) -> bool:
        """Check the typed profile and keep it (a sentence per problem, nothing kept)."""
        try:
            profile = profile_from_text(self.edit.text().strip())
        except ProfileError as exc:
            problems = " ".join(exc.problems)
            self.say(f"Not kept: {problems}", f"保存しませんでした: {problems}")
            return False
        self.edit.setText(profile.text())
        self._store(None if profile == default_profile() else profile.text())
        self.say("Kept: new digital games deal this deck.",
                 "保存しました: 新しい対戦はこのデッキで配ります。")
        return True

    def reset(self) -> None:
        self.edit.setText(default_profile().text())
        self._store(None)
        self.say("The default deck is in use again.", "既定のデッキに戻しました。")

    def _store(self, text: str | None) -> None:
        settings = getattr(self.page.ctx, "settings", None)
        if settings is not None:
            if text is None:
                settings.remove(PROFILE_KEY)
            else:
                settings.setValue(PROFILE_KEY, text)
            settings.sync()
        self.retranslate()

    def retranslate(self) -> None:
        own = stored_profile(self.page.ctx) is not None
        self.in_use.setText(tr("In use: your own deck." if own else "In use: the default deck.",
                               "使用中: 自分のデッキ。" if own else "使用中: 既定のデッキ。"))
        self.help.setText(tr(
            "One row of digits per card type, the elements in the order earth/water/fire/air: "
            "I: the Incubi (8 per element, as powers without the minus), S: the Sognae "
            "(8 per element), C: the 8 chaos cards, H: the higher beings (2 per element).",
            "カードの種類ごとに数字の列、エレメントは大地/水/火/大気の順: I: Incubi(各エレメント"
            "8枚、マイナスなしの力)、S: Sognae(各8枚)、C: 混沌カード8枚、H: 高次元(各2枚)。"))


# --- the page -------------------------------------------------------------------------------
class EquilibriumTablePage(TablePage):
    """The players in the header; Setup, Turn tracker and Result sheet as tabs."""

    def __init__(self, ctx: AppContext | None, game_id: str = "equilibrium") -> None:
        super().__init__(ctx, game_id)
        self.players = PlayersBox(1, 2, self, start=1)
        self.set_header(self.players)
        self.setup_tab = EquilibriumSetupTab(self)
        self.add_tab(self.setup_tab)
        self.result_tab = ResultTab(self)
        self.tracker_tab = TrackerTab(self)
        self.add_tab(self.tracker_tab)
        self.add_tab(self.result_tab)
        self.profile_tab = ProfileTab(self)
        self.add_tab(self.profile_tab)
        self.tabs.setCurrentIndex(0)

    def setup_changed(self, setup: Setup) -> None:
        self.result_tab.setup_changed()
        self.tracker_tab.new_game()


def table_view(ctx: AppContext | None, game_id: str = "equilibrium") -> EquilibriumTablePage:
    return EquilibriumTablePage(ctx, game_id)

