"""The builder: the form of a scenario (``posted``: form → draft; ``draft``: scenario → draft and draft → scenario,
over the format's defaults, with ``conversion`` recording where each path came from and ``values`` reading the
inputs' texts; ``kinds``/``inputs``: each kind's inputs from ``format/fields.py``; ``edit``: the form's buttons;
``labels``: its words) and its pages (``views``)."""

from adjudicator.web.builder.views import bp

__all__ = ["bp"]
