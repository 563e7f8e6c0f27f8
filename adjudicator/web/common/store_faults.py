"""A store that fails while serving, answered in Japanese: 503 with ``Retry-After`` and the reason, 507 past
the links' quota. One handler for the short links, the card library and the official rulings (``links.faults.StoreUnavailable``):
the message says which store, whether it was reading or writing, and why (the error's ``cause``).
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import current_app, request
from werkzeug.exceptions import HTTPException, ServiceUnavailable

from adjudicator.links.faults import Cause, Store, StoreFull, StoreUnavailable
from adjudicator.web.common import errors

RETRY_AFTER_SECONDS = 60

# What could not be done, by store and by reading (False) or writing (True).
_WHAT: Mapping[tuple[Store, bool], str] = {
    (Store.LINKS, True): "いまは短縮リンクを保存できません",
    (Store.LINKS, False): "いまは短縮リンクを読み出せません",
    (Store.CARDS, True): "いまはカードライブラリに書き込めません",
    (Store.CARDS, False): "いまはカードライブラリを読めません",
    (Store.RULINGS, True): "いまは公式裁定を保存できません",
    (Store.RULINGS, False): "いまは公式裁定を読めません",
}
REASONS: Mapping[Cause, str] = {
    Cause.READ_ONLY: "保存先のディスクが読み取り専用になっています",
    Cause.DISK_FULL: "保存先のディスクに空きがありません",
    Cause.DATABASE_DOWN: "データベース（PostgreSQL）に接続できません",
    Cause.DATABASE_READ_ONLY: "データベース（PostgreSQL）が書き込みを受け付けていません",
    Cause.DISK_ERROR: "保存先のディスクを読み書きできません",
    Cause.QUOTA: "保存容量の上限に達しています",
    Cause.DAMAGED: "保存されたデータが壊れています",
}
# What still works meanwhile.
_STILL: Mapping[Store, str] = {
    Store.LINKS: "シナリオを含むリンクはそのまま使えます。",
    Store.CARDS: "カード情報は手で入力できます。",
    Store.RULINGS: "条文・検索・判定はそのまま使えます。",
}
STORE_FULL = "短縮リンクの保存容量の上限に達したため、新しい短縮リンクを作れません。シナリオを含むリンクはそのまま使えます。"


def message(error: StoreUnavailable, saving: bool = False) -> str:
    """The Japanese sentence for ``error``: what cannot be done, why, and what still works. ``saving``: the
    request was a save, even if what failed was the look-up before the write."""
    if isinstance(error, StoreFull):
        return STORE_FULL
    what = _WHAT[(Store(error.store), bool(error.writing or saving))]
    return f"{what}（{REASONS[Cause(error.cause)]}）。しばらくしてからやり直してください。{_STILL[Store(error.store)]}"


class InsufficientStorage(HTTPException):
    code = 507
    description = STORE_FULL


def answer(error: StoreUnavailable):
    """The error handler: the page or JSON of errors.py, 503 with Retry-After, or 507 (waiting does not help)."""
    current_app.logger.warning("%s store: %s", Store(error.store).value, error)
    full = isinstance(error, StoreFull)
    # A POST that reaches a store is someone making a short link: a failed look-up before the write is a failed
    # save to them; a GET (a stored link, a re-run, the library) never says that saving failed.
    refusal = InsufficientStorage(STORE_FULL) if full else ServiceUnavailable(message(error, request.method == "POST"))
    response = current_app.make_response(errors.render(refusal))
    if not full:
        response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
