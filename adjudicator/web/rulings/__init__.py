"""Rulings on the web: the gallery of worked examples, the trace page, stateless and short links.

URLs (each trace page has its JSON twin)::

    /scenarios   /scenarios.json    the gallery: curated examples (scenarios/gallery.toml), ``?q=`` filters
    /scenarios/<name>   /scenarios/<name>.json   any scenario file's trace
    /s/<payload>   /s/<payload>.json  stateless link: the scenario is in the URL
    /t/<id>   /t/<id>.json          short link: the stored trace
    /t/<id>/rerun   /t/<id>/rerun.json   the stored scenario on the current rules: did the outcome change?
    POST /t                         store a scenario (form field ``payload``) and go to its short link
"""

from adjudicator.web.rulings import gallery_pages, link_pages  # noqa: F401 - their routes join the blueprint
from adjudicator.web.rulings.blueprint import bp

__all__ = ["bp"]
