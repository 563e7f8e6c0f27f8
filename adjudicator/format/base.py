"""What every model of the scenario format shares: the strict base model, the bounds, the common words.

The bounds keep a scenario a judge's question, not a stress test: past them the loader refuses it. The
literal types (faces, states, durations) are the format's words; the core ones (players, phases, zones, event
kinds) are typed in ``adjudicator.vocabulary``, beside the Japanese words for all of them.
"""

from __future__ import annotations

from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from adjudicator.format.errors import problem
from adjudicator.vocabulary import PLAYER_IDS, Phase, PlayerId

# Bounds: a scenario is a judge's question, not a stress test. Past these the loader refuses it.
MAX_TEXT = 2_000
MAX_NAME = 100
MAX_ZONE_COUNT = 200          # cards counted in one deck, hand or graveyard
MAX_CARD_LIST = 60            # cards listed in one zone
MAX_STACK = 12                # cards in one field slot
MAX_ACTIONS = 100
MAX_EFFECTS = 10              # effects on one card
MAX_SENTENCES = 30            # sentences in one effect
MAX_STEPS = 12                # steps in one sentence
MAX_REPEAT = 20
MAX_POWER = 100_000
MAX_PICKS = 30                # picks given for one effect
MAX_CONDITION_UNITS = 10      # alternatives or parts in one any_of/all_of/list of words

PHASES: tuple[Phase, ...] = get_args(Phase)  # in the order of a turn (5.2.1)
Face = Literal["up", "down"]
StackState = Literal["active", "rest"]
Role = Literal["attacker", "blocker", "none"]
Whose = Literal["self", "opponent", "each"]
Act = Literal["attack", "block", "summon", "set", "activate", "draw", "event"]
UntilName = Literal["end_of_attack", "end_of_turn", "next_turn", "end_of_next_turn", "end_of_own_next_turn"]
SLOT_REFS = tuple(f"{p}{n}" for p in PLAYER_IDS for n in range(1, 6))


class Strict(BaseModel):
    """Unknown keys are errors (typos are caught), except extension keys starting with ``x-``."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="before")
    @classmethod
    def _drop_extensions(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {k: v for k, v in data.items() if not (isinstance(k, str) and k.startswith("x-"))}
        return data

    @field_validator("*", mode="before")
    @classmethod
    def _no_flag_for_a_number(cls, value: Any, info: ValidationInfo) -> Any:
        # Lax validation reads true/false as 1/0 wherever a number goes: a count, a power or a round is written
        # as a number, so `draw: true` is refused like any other wrong type.
        if isinstance(value, bool) and _number_not_flag(cls.model_fields[info.field_name].annotation):
            raise problem("number_not_flag")
        return value


def _number_not_flag(annotation: Any) -> bool:
    """Whether a field takes an int (or a float) and no bool, through Optional, Union and Annotated."""
    kinds: set[Any] = set()
    pending = [annotation]
    while pending:
        current = pending.pop()
        arguments = get_args(current)
        if arguments and get_origin(current) is not Literal:
            pending.extend(arguments)
        else:
            kinds.add(current)
    return bool(kinds & {int, float}) and bool not in kinds


# --- durations -------------------------------------------------------------------------------------


class Timed(Strict):
    """A duration: ``until`` one of the named ends, or ``turns: N`` of the affected player (5.6)."""

    until: UntilName | None = None
    turns: int | None = Field(default=None, ge=1, le=20)

    @model_validator(mode="after")
    def _one_duration(self) -> "Timed":
        if self.until is not None and self.turns is not None:
            raise problem("until_or_turns")
        return self
