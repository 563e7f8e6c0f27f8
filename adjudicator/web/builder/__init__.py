"""The builder: the form of a scenario (``posted``: form → draft; ``draft``: scenario → draft and draft → scenario,
over the format's defaults, with ``values`` reading the inputs' texts and recording where each scenario path came
from; ``kinds``/``inputs``: each kind's inputs from ``format/fields.py``; ``edit``: the form's buttons;
``labels``: its words) and its pages (``views``)."""

from adjudicator.web.builder.views import bp

__all__ = ["bp"]
