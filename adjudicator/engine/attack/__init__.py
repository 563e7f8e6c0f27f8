"""One attack, along the steps of 10.6.2: :mod:`.declare` (①–②), :mod:`.respond` (③–⑤: blocks, 身代わり,
counter events), :mod:`.battle` (⑥–⑧), :mod:`.after` (⑨–⑩), over :mod:`.state` (the attack in progress,
「攻撃中」 and its cancellation); :mod:`.sequence` runs them in order.

The action table needs only :func:`perform_attack`.
"""

from adjudicator.engine.attack.sequence import perform_attack

__all__ = ["perform_attack"]
