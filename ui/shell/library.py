"""Library: one card per registered game (names, players, time, its modes) and, inside the
window, each game's page with tabs Table companion / Play / Rules and a Back button.

A game's Play tab starts with the new-game form; Start puts the game's play view in its place
("New game" goes back to the form). Table views and play views are built on first use.

The last card, "Other game…", is for any game the app does not know: type (or pick) its name
and its page opens with the generic score sheet; the name is offered again next time
(companion/other_games.py: such a game's id is "other:" + its name).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF, Signal
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from companion.games.registry import CATALOGUE, GameInfo, GameSummary, Mode
from ui.context import AppContext
from ui.events import events
from ui.i18n import language, reason, tr
from ui.idle import IdleWork
from ui.shell.common import MessageLabel, confirm, heading

if TYPE_CHECKING:  # an event class makes QEvent's 180 event types (see ui.main_window)
    from PySide6.QtGui import QPaintEvent, QShowEvent

    # PySide6 makes a class's enums the first time it is named (up to a millisecond each):
    # the combo box, the tabs and the rules' browser are imported where first built
    from PySide6.QtWidgets import QComboBox, QTabWidget

    from companion.history import PlayRecord

#: Tab order and labels of a game page.
MODE_ORDER: tuple[tuple[Mode, str, str, str], ...] = (
    (Mode.TABLE, "table", "Table companion", "卓上コンパニオン"),
    (Mode.PLAY, "play", "Play", "対戦"),
    (Mode.RULES, "rules", "Rules", "ルール"),
)


#: Game cards built with the library: about what its first screen shows (the others follow
#: while the window is idle).
FIRST_CARDS = 6
#: What a card shows a game from: its catalogue line (the window's start), or its `INFO`.
CardGame = GameSummary | GameInfo
#: A card's edge and its second name's colour.
CARD_EDGE, SUBTITLE = "#d8ccb4", "#6b5d45"


class Card(QFrame):
    """A rounded card on the library's list, painted: a style sheet on the list would have
    Qt style every widget of its twenty cards, the larger part of the window's start."""

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QColor(CARD_EDGE))
        painter.setBrush(self.palette().color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 8, 8)
        painter.end()


def subtitle_label(parent: QWidget) -> QLabel:
    """The card's second line (the name in the other language), in a softer colour."""
    label = QLabel(parent)
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, QColor(SUBTITLE))
    label.setPalette(palette)
    label.setWordWrap(True)
    return label


def minutes_text(info: CardGame) -> str:
    low, high = info.minutes
    span = f"{low}" if low == high else f"{low}–{high}"
    return tr(f"{span} min", f"{span} 分")


def players_text(info: CardGame) -> str:
    return tr(f"{info.players_text()} players", f"{info.players_text()} 人")


def rules_markdown(info: GameInfo, lang: str) -> str:
    from companion.resources import rules_text

    if not info.rules:
        return ""
    try:
        text = rules_text(info.rules, lang)
    except (FileNotFoundError, OSError):
        return ""
    drawn = info.extras.get("rules_markdown")  # the game draws its diagrams into the text
    return str(drawn(text, lang)) if callable(drawn) else text


class GameCard(Card):
    """A game in the library: its names, players and time, and one button per mode (from
    the game's catalogue line: the game itself is imported when its page opens)."""

    chosen = Signal(str, str)  # game id, mode key

    def __init__(self, info: CardGame, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.info = info
        self.plays = 0  # finished plays in the history
        self.setObjectName("card")
        self.setProperty("game", info.id)
        self.title = heading(self, 1.3)
        self.title.setWordWrap(True)  # a long name takes two lines at the minimum width
        self.subtitle = subtitle_label(self)
        self.facts = QLabel(self)
        self.buttons: dict[str, QPushButton] = {}
        texts = QVBoxLayout()
        texts.addWidget(self.title)
        texts.addWidget(self.subtitle)
        texts.addWidget(self.facts)
        row = QHBoxLayout(self)
        row.addLayout(texts, 1)
        for mode, key, en, ja in MODE_ORDER:
            button = QPushButton(self)
            button.setObjectName(f"{key}:{info.id}")
            button.setMinimumHeight(34)
            row.addWidget(button)
            if mode not in info.modes:  # keeps the buttons of every card in line
                button.setText(tr(en, ja))
                policy = button.sizePolicy()
                policy.setRetainSizeWhenHidden(True)
                button.setSizePolicy(policy)
                button.hide()
                continue
            button.clicked.connect(lambda _=False, k=key: self.chosen.emit(self.info.id, k))
            self.buttons[key] = button
        self.retranslate()

    def retranslate(self) -> None:
        lang = language().code
        self.title.setText(self.info.name(lang))
        self.subtitle.setText(self.info.name("en" if lang == "ja" else "ja"))
        facts = [players_text(self.info), minutes_text(self.info)]
        if self.plays:
            facts.append(tr(f"played {self.plays}×", f"{self.plays} 回プレイ"))
        self.facts.setText(" · ".join(facts))
        for _mode, key, en, ja in MODE_ORDER:
            if key in self.buttons:
                self.buttons[key].setText(tr(en, ja))


class OtherGameCard(Card):
    """"Other game…": a name typed or picked, then its page with the generic score sheet."""

    chosen = Signal(str)  # the name as typed

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self.setProperty("game", "other")
        self.title = heading(self, 1.3)
        self.subtitle = subtitle_label(self)
        from PySide6.QtWidgets import QComboBox

        self.name_combo: QComboBox = QComboBox(self)
        self.name_combo.setObjectName("other_game_name")
        self.name_combo.setEditable(True)
        self.name_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.name_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.name_combo.setMinimumContentsLength(14)
        line = self.name_combo.lineEdit()
        assert line is not None
        from companion.other_games import MAX_NAME

        line.setMaxLength(MAX_NAME)
        line.returnPressed.connect(self._open)
        self.open_button = QPushButton(self)
        self.open_button.setObjectName("table:other")
        self.open_button.setMinimumHeight(34)
        self.open_button.clicked.connect(self._open)
        self.error_label = MessageLabel(self)
        texts = QVBoxLayout()
        texts.addWidget(self.title)
        texts.addWidget(self.subtitle)
        choose = QHBoxLayout()
        choose.addWidget(self.name_combo, 1)
        choose.addWidget(self.open_button)
        texts.addLayout(choose)
        texts.addWidget(self.error_label)
        QHBoxLayout(self).addLayout(texts, 1)
        self.retranslate()

    def set_known(self, game_ids: list[str], counts: dict[str, int]) -> None:
        """The games of this kind already in the history, offered by name."""
        from PySide6.QtCore import Qt

        from companion.other_games import other_game_name

        typed = self.name_combo.currentText()
        self.name_combo.clear()
        for game_id in game_ids:
            self.name_combo.addItem(other_game_name(game_id), game_id)
            plays = counts.get(game_id, 0)
            self.name_combo.setItemData(self.name_combo.count() - 1,
                                        tr(f"played {plays}×", f"{plays} 回プレイ"),
                                        Qt.ItemDataRole.ToolTipRole)
        self.name_combo.setEditText(typed)

    def retranslate(self) -> None:
        self.title.setText(tr("Other game…", "その他のゲーム…"))
        self.subtitle.setText(tr("Any game the app does not know: a score sheet to keep the "
                                 "score, saved to the history under the game's name, which is "
                                 "offered again next time.",
                                 "アプリにないゲームでも記録できます。得点表で得点をつけ、ゲーム名"
                                 "とともに履歴に保存します。名前は次回も選べます。"))
        line = self.name_combo.lineEdit()
        if line is not None:
            line.setPlaceholderText(tr("name of the game", "ゲームの名前"))
        self.open_button.setText(tr("Score sheet", "得点表"))

    def _open(self) -> None:
        self.chosen.emit(self.name_combo.currentText())


def registry_games() -> list[GameInfo]:
    """Every game's `INFO`, in the catalogue's order (the games' info modules are imported
    the first time)."""
    from companion.games import registry

    return registry.all_games()


def preload_jobs(info: GameInfo) -> list[Callable[[], object]]:
    """Jobs (for `IdleWork`) that import what the game's first Start needs: its play view's
    module (with the play frame and the game's screens) and its engine (a start position
    made and dropped), so that Start only builds the page."""
    import importlib

    from ui.views import play_view_module

    jobs: list[Callable[[], object]] = []
    module = play_view_module(info.id)
    if module is not None:
        jobs.append(partial(importlib.import_module, module))
    if info.new_state is not None:
        jobs.append(partial(info.create, info.min_players))
    return jobs


class PlayArea(QWidget):
    """The Play tab: the new-game form, then the game's play view."""

    def __init__(self, ctx: AppContext, info: GameInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx, self.info = ctx, info
        self.view: QWidget | None = None
        from ui.new_game_dialog import NewGameForm

        self.form = NewGameForm(info, ctx.settings, self)
        self.form.started.connect(self.start)
        #: While the person fills in the form: the game's play screens and engine loaded.
        self.preload = IdleWork(self)
        self.preload.add(preload_jobs(info))
        self.new_button = QPushButton(self)
        self.new_button.setObjectName("new_game")
        self.new_button.clicked.connect(self.show_form)
        self.new_button.hide()
        #: Tables across laptops (a club's PostgreSQL history): ui.shell.tables.
        self.tables_button = QPushButton(self)
        self.tables_button.setObjectName("network_tables")
        self.tables_button.clicked.connect(self.show_tables)
        self.tables_button.hide()
        self.tables_page: Any = None  # a TablesPage, made when first asked for
        self.error_label = MessageLabel(self)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.form)
        top = QHBoxLayout()
        top.addWidget(self.error_label, 1)
        from PySide6.QtCore import Qt  # its enums not at start-up (ui.shell.common._qt)

        top.addWidget(self.tables_button, 0, Qt.AlignmentFlag.AlignRight)
        top.addWidget(self.new_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.stack, 1)
        language().changed.connect(self.retranslate)
        self.retranslate()

    def retranslate(self, *_: object) -> None:
        self.new_button.setText(tr("New game", "新しいゲーム"))
        self.tables_button.setText(tr("Play across laptops…", "複数のパソコンで遊ぶ…"))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._offer_tables()

    def _offer_tables(self) -> None:
        """Tables across laptops are offered beside the form on a club's PostgreSQL history."""
        from ui.shell.tables import offers_tables

        self.tables_button.setVisible(self.stack.currentWidget() is self.form
                                      and offers_tables(self.ctx, self.info))

    def show_tables(self) -> None:
        """The game's tables across laptops: open one, join or watch one."""
        from ui.shell.tables import TablesPage

        if self.tables_page is None:
            page = TablesPage(self.ctx, self.info, self.form.options, self)
            page.opened.connect(self.set_view)
            page.back.connect(self.show_form)
            self.stack.addWidget(page)
            self.tables_page = page
        self.stack.setCurrentWidget(self.tables_page)
        self.tables_button.hide()
        self.tables_page.refresh()

    def start(self, setup: Any) -> None:
        """Start a new game from the form's setup in the game's play view."""
        from ui.views import play_view

        if self.ctx.db is None:
            self.error_label.setText(tr("The history is still opening; start again in a moment.",
                                        "履歴を開いています。少し待ってから開始してください。"))
            return
        factory = play_view(self.info.id)
        if factory is None:
            self.error_label.setText(tr("This game cannot be played in the app yet.",
                                        "このゲームはまだアプリで遊べません。"))
            return
        view: Any = factory(self.ctx, self.info.id)
        self.set_view(view)
        try:
            view.start(setup)
        except Exception as exc:  # a setup the engine refuses: say so, keep the form
            self.error_label.setText(tr(f"The game could not start: {reason(exc)}",
                                        f"ゲームを開始できませんでした: {reason(exc)}"))
            self.show_form()

    def set_view(self, view: QWidget) -> None:
        """Show `view` (a new or resumed play), closing the previous one."""
        self.close_view()
        self.view = view
        self.stack.addWidget(view)
        self.stack.setCurrentWidget(view)
        asks = getattr(view, "new_game_requested", None)  # the play frame has its own button
        if asks is not None:
            asks.connect(self.show_form)
        self.new_button.setVisible(asks is None)
        self.tables_button.hide()
        self.error_label.setText("")

    def close_view(self) -> None:
        if self.view is None:
            return
        shutdown = getattr(self.view, "shutdown", None)
        if shutdown is not None:
            shutdown()
        self.stack.removeWidget(self.view)
        self.view.deleteLater()
        self.view = None

    def show_form(self) -> None:
        self.close_view()
        self.stack.setCurrentWidget(self.form)
        self.new_button.hide()
        self._offer_tables()

    def play_again(self, play: PlayRecord) -> bool:
        """The new-game form with the seats of `play` (people by name, computer opponents of
        the same kind) and its options; asks first while a game is going on here (it stays
        in the History as unfinished). False when the person kept playing."""
        in_progress = getattr(self.view, "is_in_progress", None)
        if callable(in_progress) and in_progress() and not confirm(
                self, tr("New game", "新しいゲーム"),
                tr("Start a new game? This game stays in the History as unfinished; you can "
                   "continue it from there later.",
                   "新しいゲームを始めますか? このゲームは未完了として履歴に残り、後でそこから"
                   "続けられます。"),
                tr("New game", "新しいゲーム")):
            return False
        self.show_form()
        form = self.form
        seats = sorted(play.seats, key=lambda s: s.seat)[:len(form.rows)]
        for row, seat in zip(form.rows, seats, strict=False):
            row.set_bot((seat.bot_kind or "random") if seat.is_bot else None)
            row.name.setText("" if seat.is_bot else seat.player)
        for key, value in play.options.items():
            if key in form._option_widgets:
                form.set_option(key, value)
        form.set_players(len(seats))
        form.start_button.setFocus()
        return True


class GamePage(QWidget):
    """One game inside the window: Back, its name, and a tab per mode."""

    back = Signal()

    def __init__(self, ctx: AppContext, info: GameInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx, self.info = ctx, info
        self.setObjectName(f"game:{info.id}")
        self.back_button = QPushButton(self)
        self.back_button.setObjectName("back")
        self.back_button.clicked.connect(self.back.emit)
        self.title = heading(self, 1.4)
        from PySide6.QtWidgets import QTabWidget

        self.tabs: QTabWidget = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.tab_keys: list[str] = []
        self._built: dict[str, QWidget] = {}
        for mode, key, _en, _ja in MODE_ORDER:
            if mode in info.modes:
                self.tab_keys.append(key)
                holder = QWidget(self.tabs)
                QVBoxLayout(holder).setContentsMargins(0, 0, 0, 0)
                self.tabs.addTab(holder, "")
        self.tabs.currentChanged.connect(self._tab_changed)
        header = QHBoxLayout()
        header.addWidget(self.back_button)
        header.addWidget(self.title, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(header)
        layout.addWidget(self.tabs, 1)
        language().changed.connect(self.retranslate)
        self.retranslate()

    def retranslate(self, *_: object) -> None:
        self.back_button.setText(tr("← Library", "← ライブラリ"))
        self.title.setText(self.info.name(language().code))
        labels = {key: tr(en, ja) for _m, key, en, ja in MODE_ORDER}
        for index, key in enumerate(self.tab_keys):
            self.tabs.setTabText(index, labels[key])

    def show_mode(self, key: str) -> QWidget | None:
        if key not in self.tab_keys:
            return None
        index = self.tab_keys.index(key)
        self.tabs.setCurrentIndex(index)
        self._tab_changed(index)
        return self._built.get(key)

    def widget(self, key: str) -> Any:
        """The tab's content (built on first use)."""
        if key not in self._built:
            holder = self.tabs.widget(self.tab_keys.index(key))
            try:
                content = self._make(key)
            except Exception as exc:  # a game's page that fails to build: say so, keep going
                content = MessageLabel()
                content.setText(tr(f"This page could not be opened: {reason(exc)}",
                                   f"このページを開けませんでした: {reason(exc)}"))
            content.setParent(holder)
            layout = holder.layout() if holder is not None else None
            assert layout is not None
            layout.addWidget(content)
            content.show()
            self._built[key] = content
        return self._built[key]

    def _tab_changed(self, index: int) -> None:
        if 0 <= index < len(self.tab_keys):
            self.widget(self.tab_keys[index])

    def _make(self, key: str) -> QWidget:
        if key == "play":
            return PlayArea(self.ctx, self.info)
        if key == "rules":
            from ui.shell.rules_view import RulesView

            return RulesView(self.info)
        from ui.views import table_view

        factory = table_view(self.info.id)
        if factory is None:
            from ui.table.score_sheet import generic_table_view

            return generic_table_view(self.ctx, self.info.id)
        widget: QWidget = factory(self.ctx, self.info.id)
        return widget

    def current_widget(self) -> Any:
        index = self.tabs.currentIndex()
        return self._built.get(self.tab_keys[index]) if 0 <= index < len(self.tab_keys) else None

    def shutdown(self) -> None:
        area = self._built.get("play")
        if isinstance(area, PlayArea):
            area.close_view()


class LibraryPage(QWidget):
    """The game list and, one at a time, a game's page."""

    def __init__(self, ctx: AppContext, window: Any = None) -> None:
        super().__init__()
        self.ctx, self.window_ = ctx, window
        self.other_games: list[str] = []  # "other:<name>" games in the history
        self.stack = QStackedWidget(self)
        self.list_page = QWidget(self.stack)
        self.title = heading(self.list_page, 1.5)
        self.hint = QLabel(self.list_page)
        self.hint.setWordWrap(True)
        self._cards: dict[str, GameCard] = {}
        self._other_card: OtherGameCard | None = None
        self._counts: dict[str, int] | None = None  # plays per game, once the history is open
        self.card_holder = QWidget()
        self._card_list = QVBoxLayout(self.card_holder)
        for summary in CATALOGUE[:FIRST_CARDS]:
            self._add_card(summary)
        self._card_list.addStretch(1)
        scroll = QScrollArea(self.list_page)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.card_holder)
        self._later = IdleWork(self)
        # the other cards, then the games' registry entries (a game page opens from them)
        self._later.add([self._add_other_cards, registry_games])
        list_layout = QVBoxLayout(self.list_page)
        list_layout.addWidget(self.title)
        list_layout.addWidget(self.hint)
        list_layout.addWidget(scroll, 1)
        self.stack.addWidget(self.list_page)
        self.stack.currentChanged.connect(self._view_changed)
        self.game_pages: dict[str, GamePage] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)
        language().changed.connect(self.retranslate)
        events().history_changed.connect(self.reload)
        self.retranslate()
        self.reload()

    @property
    def games(self) -> list[GameInfo]:
        """Every game's registry entry (its `INFO`; imported on first use)."""
        return registry_games()

    @property
    def cards(self) -> dict[str, GameCard]:
        """Every game's card, by game id (those the idle window has not built yet are built
        now)."""
        self._add_other_cards()
        return self._cards

    @property
    def other_card(self) -> OtherGameCard:
        """The last card, "Other game…" (built now if the idle window has not yet)."""
        self._add_other_cards()
        assert self._other_card is not None
        return self._other_card

    def _add_card(self, info: CardGame) -> None:
        card = GameCard(info, self.card_holder)
        card.chosen.connect(self.open_game)
        self._card_list.insertWidget(len(self._cards), card)
        card.show()  # at once, also when the list is already on screen
        self._cards[info.id] = card

    def _add_other_cards(self) -> None:
        """The cards below the first screen and "Other game…": the window shows with the
        first `FIRST_CARDS`, so that twenty games start as fast as a few."""
        if self._other_card is not None:
            return
        for summary in CATALOGUE[len(self._cards):]:
            self._add_card(summary)
        other = OtherGameCard(self.card_holder)
        other.chosen.connect(self.open_other_game)
        self._card_list.insertWidget(len(self._cards), other)
        other.show()
        self._other_card = other
        self._show_counts()

    def reload(self) -> None:
        """How often each game was played (once the history is open)."""
        if self.ctx.db is None:
            return
        from ui.shell.common import other_games, repo

        try:
            counts = repo().game_play_counts(self.ctx.db)
        except Exception:  # the counts are a nicety; the library works without them
            return
        self.other_games = other_games(self.ctx)
        self._counts = {game_id: int(n) for game_id, n in counts.items()}
        self._show_counts()

    def _show_counts(self) -> None:
        if self._counts is None:
            return
        for game_id, card in self._cards.items():
            card.plays = self._counts.get(game_id, 0)
            card.retranslate()
        if self._other_card is not None:
            self._other_card.set_known(self.other_games, self._counts)

    def retranslate(self, *_: object) -> None:
        self.title.setText(tr("Library", "ライブラリ"))
        self.hint.setText(tr("Pick a game: a companion for the table, a digital game against "
                             "people or the computer, or its rules.",
                             "ゲームを選んでください。卓上で使うコンパニオン、人やコンピューターとの"
                             "デジタル対戦、ルールの参照ができます。"))
        for card in self._cards.values():
            card.retranslate()
        if self._other_card is not None:
            self._other_card.retranslate()

    # --- navigation -------------------------------------------------------------------------
    def game_page(self, game_id: str) -> GamePage:
        page = self.game_pages.get(game_id)
        if page is None:
            from companion.other_games import is_other_game, other_game_info

            info = (other_game_info(game_id) if is_other_game(game_id)
                    else next(g for g in self.games if g.id == game_id))
            page = GamePage(self.ctx, info, self.stack)
            page.back.connect(self.show_list)
            page.tabs.currentChanged.connect(self._view_changed)
            self.stack.addWidget(page)
            self.game_pages[game_id] = page
        return page

    def open_game(self, game_id: str, mode: str = "play") -> GamePage:
        """Show the game's page at tab `mode` ("table", "play", "rules")."""
        page = self.game_page(game_id)
        self.stack.setCurrentWidget(page)
        if mode not in page.tab_keys:
            mode = page.tab_keys[0]
        page.show_mode(mode)
        self.ctx.settings.setValue("library/last_game", game_id)
        return page

    def open_other_game(self, name: str) -> GamePage | None:
        """"Other game…": the page of the game called `name` (a known game's spelling kept),
        at its score sheet; None, with the reason on the card, when it is no name."""
        from companion.other_games import OtherGameError, other_game_id

        try:
            game_id = other_game_id(name, self.other_games)
        except OtherGameError:
            self.other_card.error_label.setText(
                tr("Type the name of the game first.", "先にゲームの名前を入力してください。"))
            self.other_card.name_combo.setFocus()
            return None
        self.other_card.error_label.setText("")
        return self.open_game(game_id, "table")

    def play_again(self, play: PlayRecord) -> bool:
        """A digital play's game, at its new-game form with the same seats and options;
        False when the game has no digital play here (or the person kept playing)."""
        from companion.games import registry
        from companion.history import PlayMode
        from ui.views import play_view

        game_id = play.game_id
        try:
            playable = registry.get(game_id).new_state is not None
        except Exception:
            playable = False
        if play.mode is not PlayMode.DIGITAL or not playable or play_view(game_id) is None:
            return False
        page = self.open_game(game_id, "play")
        area = page.widget("play")
        return isinstance(area, PlayArea) and area.play_again(play)

    def resume(self, play: Any) -> QWidget:
        """Continue an autosaved play in its game's Play tab (raises `ResumeError`)."""
        from ui.play.resume import resume_play

        widget = resume_play(self.ctx, play)
        page = self.open_game(play.game_id, "play")
        area = page.widget("play")
        area.set_view(widget)
        return widget

    def show_list(self) -> None:
        self.stack.setCurrentWidget(self.list_page)

    def _view_changed(self, *_: object) -> None:
        """Another game or tab in front: the window's last message was about the one before."""
        if self.window_ is not None:
            self.window_.clear_message()

    def current_game(self) -> str | None:
        page = self.stack.currentWidget()
        return page.info.id if isinstance(page, GamePage) else None

    def print_current(self) -> bool:
        """Ctrl+P on a game page: the PDF of its score sheet or finished play."""
        page = self.stack.currentWidget()
        if not isinstance(page, GamePage):
            return False
        widget = page.current_widget()
        if isinstance(widget, PlayArea):
            widget = widget.view
        export = _printable(widget)
        if export is None:
            return False
        from ui.shell.common import ask_save_path

        path = ask_save_path(self, tr("Print PDF", "PDF に出力"), f"{page.info.id}.pdf")
        if path is None:
            return True
        try:
            export(path)
        except Exception as exc:
            if self.window_ is not None:
                self.window_.show_message(tr(f"The PDF could not be written: {reason(exc)}",
                                             f"PDF を書き出せませんでした: {reason(exc)}"))
        return True

    def shutdown(self) -> None:
        for page in self.game_pages.values():
            page.shutdown()

    def focus_search(self) -> None:
        return None



def _printable(widget: QWidget | None) -> Any:
    """`export_pdf(path)` of the widget, or of the first visible part of it that has one
    (e.g. the score sheet inside a table companion); None when there is nothing to print."""
    if widget is None:
        return None
    for candidate in [widget, *widget.findChildren(QWidget)]:
        export = getattr(candidate, "export_pdf", None)
        if callable(export) and candidate.isVisible():
            return export
    return None
