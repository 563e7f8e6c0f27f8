"""One effect being resolved: whose it is, the card it belongs to, and what its steps referred to.

An :class:`EffectRun` lives while one effect's sentences resolve. It remembers 「これ」 (the card whose
effect it is, 7.2.3) by identity and incarnation so that a card which has left the field is no longer
「これ」 (3.5.3); the cards an earlier step chose or moved (「それ」), with their last face-up information
for conditions judged after they have gone (10.1.10-3); and which steps actually happened, for
「この効果で…したなら」 (10.1.10-2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from adjudicator.format.effects import Effect, Step
from adjudicator.engine.board import Card
from adjudicator.engine.facts import CardFacts, facts_of
from adjudicator.engine.words import card_words
from adjudicator.format.base import Whose
from adjudicator.vocabulary import CountedZone, PlayerId, opponent_of

if TYPE_CHECKING:
    from adjudicator.engine.game import Game


@dataclass(frozen=True)
class StepResult:
    """What one step did: ``complete`` — everything it says was done (6.1.3, 6.7.1); ``happened`` —
    at least part of it was done (「この効果で…したなら」, 10.1.10-2)."""

    complete: bool
    happened: bool

    @staticmethod
    def counted(done: int, wanted: int) -> "StepResult":
        return StepResult(complete=done >= wanted, happened=done > 0)


DONE = StepResult(True, True)
NOTHING_TO_DO = StepResult(True, False)   # e.g. 「全て」 over zero cards (8.3.2), a draw of 0 (6.5.12)
NOT_DONE = StepResult(False, False)

StepHandler = Callable[["EffectRun", Step], StepResult]
# Every step kind's handler, registered by the module of its mechanism with @handles(kind), as rule() registers
# a rule; importing adjudicator.engine imports every mechanism, so the table is whole once the engine is loaded.
STEP_HANDLERS: dict[str, StepHandler] = {}


def handles(kind: str) -> Callable[[StepHandler], StepHandler]:
    """Register the decorated function as the handler of the step ``kind`` (one handler per kind)."""

    def register(handler: StepHandler) -> StepHandler:
        if kind in STEP_HANDLERS:
            raise ValueError(f"step {kind!r} has two handlers: {STEP_HANDLERS[kind].__name__} and {handler.__name__}")
        STEP_HANDLERS[kind] = handler
        return handler

    return register


@dataclass
class Referent:
    """A card a step chose or moved (「それ」): the card, the incarnation it had, its last face-up facts."""

    card: Card
    incarnation: int
    last_seen: CardFacts | None


StepRunner = Callable[["EffectRun", Step, bool], bool]
EffectRunner = Callable[["Game", Card, Effect, PlayerId], bool]  # the interpreter's run_effect, for 効果コピー (6.11)


@dataclass
class EffectRun:
    game: "Game"
    source: Card
    effect: Effect
    controller: PlayerId
    source_incarnation: int
    it: list[Referent] = field(default_factory=list)
    did: set[str] = field(default_factory=set)
    triggers_ran: int = 0   # after-triggers that cut in during the current sentence (10.1.9)
    started_on_field: bool = False
    activator_gone_noted: bool = False
    cause: Card | None = None   # the card whose event fired this effect (「そのカード」), if any
    looked_into: list[tuple[PlayerId, CountedZone]] = field(default_factory=list)  # decks/graveyards searched in this step (4.4.1)
    cause_incarnation: int = 0
    # The interpreter's step and effect runners, handed in so that a step holding steps (``repeat``,
    # ``choose_effects``) or running an effect (``copy_effect``) does so without the step handlers importing
    # the interpreter that imports them.
    step_runner: StepRunner | None = None
    effect_runner: EffectRunner | None = None

    @classmethod
    def start(
        cls, game: "Game", source: Card, effect: Effect, controller: PlayerId, step_runner: StepRunner | None = None,
        effect_runner: EffectRunner | None = None, cause: Card | None = None,
    ) -> "EffectRun":
        return cls(
            game, source, effect, controller, source.incarnation,
            started_on_field=game.board.on_field(source), step_runner=step_runner, effect_runner=effect_runner,
            cause=cause, cause_incarnation=cause.incarnation if cause is not None else 0,
        )

    def run_nested(self, step: Step, joined: bool) -> bool:
        """Run a step inside the current one (``repeat``) as the interpreter runs any step."""
        if self.step_runner is None:
            raise RuntimeError("this EffectRun was started without the interpreter's step runner")
        return self.step_runner(self, step, joined)

    def run_other_effect(self, source: Card, effect: Effect) -> bool:
        """Resolve another effect for the same controller as the interpreter resolves any (効果コピー, 6.11)."""
        if self.effect_runner is None:
            raise RuntimeError("this EffectRun was started without the interpreter's effect runner")
        return self.effect_runner(self.game, source, effect, self.controller)

    @property
    def board(self):
        return self.game.board

    def players(self, whose: Whose) -> list[PlayerId]:
        """The players a step names, relative to the effect's controller (7.2.1: no subject = 自分)."""
        if whose == "self":
            return [self.controller]
        if whose == "opponent":
            return [opponent_of(self.controller)]
        return [self.controller, opponent_of(self.controller)]

    def source_is_this(self, card: Card) -> bool:
        """Whether ``card`` is still 「これ」: the same card that has not left the field since (3.5.3)."""
        return card is self.source and card.incarnation == self.source_incarnation

    def refer_to(self, cards: list[Card]) -> None:
        """The cards this step chose or moved become 「それ」 for the rest of the effect (7.2.3)."""
        self.it = [Referent(card, card.incarnation, self._face_up_facts(card)) for card in cards]

    def refer_to_moved(self, before: list[tuple[Card, CardFacts | None]]) -> None:
        """Cards that left the field in this step: 「それ」 keeps their facts from just before (10.1.10-3)."""
        self.it = [Referent(card, card.incarnation - 1, facts) for card, facts in before]

    def refresh_last_seen(self) -> None:
        """After each step, remember what 「それ」 looked like while still face-up on the field (10.1.10-3)."""
        for referent in self.it:
            if referent.card.incarnation == referent.incarnation:
                facts = self._face_up_facts(referent.card)
                if facts is not None:
                    referent.last_seen = facts

    def _face_up_facts(self, card: Card) -> CardFacts | None:
        facts = facts_of(self.board, card)
        return facts if facts.on_field and facts.face_up else None

    @property
    def label(self) -> str:
        """「A2〈武将〉の｛鼓舞｝」: the effect named with its card, for the trace."""
        return f"{card_words(self.board, self.source)}の｛{self.effect.name}｝"
