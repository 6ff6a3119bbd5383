"""Who may edit: the edit keys kept in the browser's cookie, and this device's sessions.

Flask's cookie is signed, not encrypted, so it never holds a key in clear: a session's
edit key is kept sealed (Fernet, under a key derived from the app's secret key), so the
scorer's phone can show its link again (handing the scoring over) while reading the
cookie gives nobody the link; a house scheme's key is kept as a proof (an HMAC of its
stored hash), since no page needs to show it again.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable

from cryptography.fernet import Fernet, InvalidToken
from flask import abort, current_app, redirect, session, url_for
from werkzeug.exceptions import Forbidden
from werkzeug.wrappers import Response

from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.store import schemes as scheme_store
from barbu_scorer.store.keys import sealer
from barbu_scorer.store.sessions import key_matches
from barbu_scorer.web.db import get_db

MAX_REMEMBERED = 40
PROOF = "p1:"
SEALED = "e1:"


def proof(kind: str, ident: str, stored_hash: str) -> str:
    """What the cookie keeps for an edit key whose stored hash is ``stored_hash``."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    message = f"{kind}:{ident}:{stored_hash}".encode()
    return PROOF + hmac.new(secret, message, hashlib.sha256).hexdigest()


def _proves(kind: str, ident: str, kept: str | None, stored_hash: str | None) -> bool:
    if not kept or not stored_hash or not kept.startswith(PROOF):
        return False
    return hmac.compare_digest(kept, proof(kind, ident, stored_hash))


def _fernet() -> Fernet:
    return sealer("edit keys", str(current_app.config["SECRET_KEY"]))


def _unseal(kept: object) -> str | None:
    """The edit key a cookie entry holds (sealed, or in clear from before sealing)."""
    if not isinstance(kept, str) or kept.startswith(PROOF):
        return None
    if not kept.startswith(SEALED):
        return kept
    try:
        return _fernet().decrypt(kept[len(SEALED) :].encode()).decode()
    except (InvalidToken, ValueError):
        return None  # sealed under another secret key: this browser holds no key here


def seal(key: str) -> str:
    """A key fit for the cookie or the store: encrypted under the app's secret key."""
    return SEALED + _fernet().encrypt(key.encode()).decode()


def unseal(kept: object) -> str | None:
    """The key ``seal`` sealed, or None (not sealed here, or under another secret key)."""
    return _unseal(kept) if isinstance(kept, str) and kept.startswith(SEALED) else None


def remember(session_id: str, key: str | None = None) -> None:
    """Put the session first in this device's list (and keep its edit key, sealed).
    Where it is first already and no key comes, the cookie is left as it is (not sent
    again with every page a watcher reloads)."""
    kept = session.get("seen", [])
    if not key and kept[:1] == [session_id]:
        return
    seen = [s for s in kept if s != session_id]
    session["seen"] = [session_id, *seen][:MAX_REMEMBERED]
    if key:
        keys = dict(session.get("keys", {}))
        keys[session_id] = seal(key)
        session["keys"] = {k: v for k, v in keys.items() if k in session["seen"]}


def kept_key(session_id: str) -> str | None:
    """The session's edit key as this browser keeps it, when it is the right one."""
    key = _unseal(session.get("keys", {}).get(session_id))
    return key if key and key_matches(get_db(), session_id, key) else None


def scorer_label() -> str:
    """Who the history names for a change made from this browser ("scorer · phone 3f2a"),
    so two phones keeping the same session can be told apart."""
    device = session.get("device")
    if not device:
        device = session["device"] = secrets.token_hex(2)
    return f"scorer · phone {device}"


def device_sessions() -> list[str]:
    """The sessions this browser has opened, most recent first."""
    return list(session.get("seen", []))


def can_edit(session_id: str) -> bool:
    """Whether this browser holds the session's edit key."""
    kept = session.get("keys", {}).get(session_id)
    key = kept_key(session_id)
    if key and not str(kept).startswith(SEALED):
        remember(session_id, key)  # a cookie from before sealing: the key is sealed now
    return key is not None


class Moved(Forbidden):
    """The 403 of a browser whose key to the session was replaced: the scoring moved to
    another phone (a handover, or the club's new link); its page says so (web/errors.py)."""


def require_edit(session_id: str) -> None:
    """Refuse (403) a browser without the edit key; ``Moved`` when it held one."""
    if not can_edit(session_id):
        if _unseal(session.get("keys", {}).get(session_id)) is not None:
            raise Moved()
        abort(403)


def keep_key(session_id: str, key: str, scorer: str) -> Response:
    """The scorer's link: keep its edit key in this browser, then open the ``scorer`` page."""
    # Checked before it is kept: a wrong link must not replace a key this browser holds.
    if not key_matches(get_db(), session_id, key):
        abort(403)
    remember(session_id, key)
    return redirect(url_for(scorer, session_id=session_id))


def scheme_lookup() -> Callable[[str], Scheme | None]:
    """Finds a saved house scheme by name (ignoring case)."""
    db = get_db()
    return lambda name: scheme_store.find(db, name)


# -- house schemes -------------------------------------------------------------------------
def keep_scheme_key(house: scheme_store.HouseScheme) -> None:
    """Keep proof of a just-saved scheme's key (``create``'s or ``claim``'s answer)."""
    if house.key and house.key_hash:
        keys = dict(session.get("scheme_keys", {}))
        keys[str(house.id)] = proof("scheme", str(house.id), house.key_hash)
        session["scheme_keys"] = dict(list(keys.items())[-MAX_REMEMBERED:])


def owns_scheme(house: scheme_store.HouseScheme) -> bool:
    """Whether this browser may edit or delete the scheme: it holds its key, or the
    scheme was saved before keys existed and nobody has claimed it yet, or it keeps the
    club key (the way back to a scheme whose key the cookie forgot)."""
    if house.key_hash is None:
        return True
    kept = session.get("scheme_keys", {}).get(str(house.id))
    if _proves("scheme", str(house.id), kept, house.key_hash):
        return True
    from barbu_scorer.web.club import is_member  # club.py seals with this module

    return is_member()


def require_scheme_owner(house: scheme_store.HouseScheme) -> None:
    """Refuse (403) a browser that does not hold the scheme's key."""
    if not owns_scheme(house):
        abort(403)


def claim_unowned(house: scheme_store.HouseScheme) -> None:
    """A scheme saved before keys existed belongs, from its first save on, to this browser."""
    if house.key_hash is None:
        claimed = scheme_store.claim(get_db(), house.id)
        if claimed:
            keep_scheme_key(claimed)
