"""The steps issue 18 added, one module per mechanism; :mod:`.steps` registers this table."""

from __future__ import annotations

from adjudicator.engine.effects.choice import CHOICE_STEPS
from adjudicator.engine.effects.copy import COPY_STEPS
from adjudicator.engine.effects.hidden_zones import HIDDEN_ZONE_STEPS
from adjudicator.engine.effects.refresh_lock import REFRESH_LOCK_STEPS
from adjudicator.engine.effects.zone_swap import ZONE_SWAP_STEPS

MECHANICS_STEPS = {**CHOICE_STEPS, **HIDDEN_ZONE_STEPS, **ZONE_SWAP_STEPS, **COPY_STEPS, **REFRESH_LOCK_STEPS}
