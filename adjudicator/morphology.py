"""MeCab with IPADIC (fugashi and the ``ipadic`` package): the word boundaries and base forms that the search
index (``search/analysis.py``) and the reader's refusal messages (``reading/refusals.py``) both need."""

from __future__ import annotations

import threading


class ThreadTaggers(threading.local):
    """One MeCab tagger per thread, built on that thread's first use.

    A tagger keeps its lattice between calls and is not thread-safe. Building one loads the dictionary, so
    nothing pays for it until a text is tagged: Whoosh unpickles the schema (so a MorphTokenizer) every time
    it opens the index, and the reader needs a word boundary only when it refuses something.
    """

    tagger = None

    def get(self):
        if self.tagger is None:
            import fugashi  # the bindings and the dictionary's path: only once something is tagged
            import ipadic

            self.tagger = fugashi.GenericTagger(ipadic.MECAB_ARGS)
        return self.tagger
