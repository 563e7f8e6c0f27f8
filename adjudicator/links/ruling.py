"""One ruling: a scenario, its canonical form and link payload, its trace, and its stored record.

Each part is computed once, when first asked for, and every reader takes it from here: the trace page,
the link store, the link previews and the JSON API. A ruling is either made now (:meth:`Ruling.resolved`)
or read back from a short link's record (:meth:`Ruling.of_record`), whose trace is the one stored, never
a new resolution.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from adjudicator.engine import resolve
from adjudicator.engine.trace import Trace
from adjudicator.format.errors import ScenarioError
from adjudicator.format.loading import canonical_json
from adjudicator.format.scenario import Scenario
from adjudicator.reading import load_scenario
from adjudicator.engine.trace import UnreadableTrace
from adjudicator.links.payload import encode_canonical
from adjudicator.links.record import LinkRecord, Versions, current_versions, link_id, make_record
from adjudicator.links.store import LinkStore


def stored_for(canonical: str, store: LinkStore) -> LinkRecord | None:
    """The record stored for the scenario whose canonical JSON is ``canonical`` on the current rulebook and
    engine, if there is one: looked up by its id (``links.record``), and only a record of that very scenario
    (a collision under the id is left to ``put`` to refuse)."""
    versions = current_versions()
    stored = store.get(link_id(canonical, versions))
    if stored is not None and (stored.scenario, stored.versions) == (canonical, versions):
        return stored
    return None


@dataclass(frozen=True)
class Ruling:
    scenario: Scenario | None         # None: a stored record whose scenario today's format no longer accepts
    made: Trace | None = None         # the trace of a ruling made now
    stored: LinkRecord | None = None  # or the short link's record it was read from

    def __post_init__(self) -> None:
        if (self.made is None) == (self.stored is None):
            raise ValueError("a ruling is either made now or read from a record")

    @classmethod
    def resolved(cls, scenario: Scenario) -> "Ruling":
        """The ruling of ``scenario`` on the current engine and rulebook."""
        return cls(scenario, made=resolve(scenario))

    @classmethod
    def shared(cls, scenario: Scenario, store: LinkStore) -> "Ruling":
        """The ruling of ``scenario`` to keep under a short link: the one already stored for it on the current
        rulebook and engine when there is one, else one made now.

        A link's id is a hash of the scenario, the release and the engine version (``links.record``), and the
        store keeps the first record under an id (``put``), so a record found under this id is the one storing
        a new resolution would return: it is looked up first, and the scenario is not resolved again. A record
        under the id that holds another scenario (a collision) is left to ``put`` to refuse.
        """
        stored = stored_for(canonical_json(scenario), store)
        return cls(scenario, stored=stored) if stored is not None else cls(scenario, made=resolve(scenario))

    @classmethod
    def of_record(cls, record: LinkRecord) -> "Ruling":
        """The ruling a short link keeps: its scenario and the trace exactly as it was stored. A scenario that
        no longer validates (the format changed since) leaves ``scenario`` None: the stored trace still shows
        what was seen, and nothing that needs the scenario itself (a stateless link, a re-run) is offered."""
        try:
            scenario = load_scenario(record.scenario_data())
        except (ScenarioError, ValueError):  # ValueError: a damaged record whose scenario is not even JSON
            scenario = None
        return cls(scenario, stored=record)

    @property
    def stale(self) -> bool:
        return self.scenario is None

    @cached_property
    def trace(self) -> Trace:
        """The trace as an object, which every reader takes (the trace page, the previews, the re-run); a
        stored one is read once, with ``Trace.from_json``. Raises :class:`UnreadableTrace` for a stored trace
        this version cannot read (damaged, or of another format)."""
        if self.made is not None:
            return self.made
        return Trace.from_json(self.trace_json)

    @cached_property
    def canonical(self) -> str:
        """The scenario's canonical JSON (the links' identity and payload are made from it)."""
        if self.scenario is None:
            return self.stored.scenario
        return canonical_json(self.scenario)

    @cached_property
    def payload(self) -> str | None:
        """The stateless link's payload (``/s/<payload>``); None for a stale stored ruling."""
        # A stateless link resolves anew whenever it is opened: it is made under the current release and engine.
        return encode_canonical(self.canonical) if self.scenario is not None else None

    @property
    def versions(self) -> Versions:
        """The rulebook release and engine the ruling was made under: a stored one's, else the current ones."""
        return self.stored.versions if self.stored is not None else current_versions()

    @cached_property
    def trace_json(self) -> dict[str, Any]:
        """The ``hi-story-trace/1`` document: for a stored ruling, the stored one as it is (UnreadableTrace
        when the stored text is not even JSON)."""
        if self.stored is None:
            return self.trace.to_json()
        try:
            return self.stored.trace_data()
        except ValueError as error:
            raise UnreadableTrace(f"the stored trace of {self.stored.id} is not JSON: {error}") from error

    def record(self, versions: Versions | None = None) -> LinkRecord:
        """The short link's record: the stored one, or a new one for this ruling."""
        if self.stored is not None:
            return self.stored
        return make_record(self.scenario, self.trace_json, versions, canonical=self.canonical)
