"""Rules adjudication for the card game Hi!story: the rulebook, its search, and a cited rules engine."""

__version__ = "0.1.0"

ENGINE_VERSION = __version__
