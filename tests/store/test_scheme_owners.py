"""House schemes owned like sessions: the saving browser holds the key (issue 13)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.store import schemes as scheme_store
from barbu_scorer.store.migrations import migrations
from barbu_scorer.web.db import get_db
from tests.scheme_forms import changed, editor, submit


def _import(client: FlaskClient, name: str) -> scheme_store.HouseScheme:
    body = client.get("/schemes/builtin/tournament/export").get_data(as_text=True)
    response = client.post("/schemes/import", data={"text": body, "name": name})
    assert response.status_code == 302
    return _saved(client.application, name)


def _saved(app: Flask, name: str) -> scheme_store.HouseScheme:
    with app.app_context():
        found = scheme_store.by_name(get_db(), name)
    assert found is not None
    return found


def test_the_migration_is_named_and_in_order() -> None:
    names = [m.name for m in migrations._migrations]
    assert "m004_scheme_keys" in names and names == sorted(names)


def test_a_saved_scheme_stores_only_the_hash_of_its_key(app: Flask) -> None:
    with app.app_context():
        from barbu_scorer.scoring.barbu.schemes import BUILTINS, renamed

        saved = scheme_store.create(get_db(), renamed(BUILTINS["tournament"], "Club", "Club"))
        row = get_db().execute("SELECT edit_key FROM schemes WHERE id = ?", [saved.id]).fetchone()
    assert saved.key and row[0] == saved.key_hash and saved.key not in row[0]
    assert scheme_store.key_matches(saved, saved.key)
    assert not scheme_store.key_matches(saved, "wrong") and not scheme_store.key_matches(
        saved, None
    )


def test_only_the_saving_browser_edits_or_deletes(app: Flask, client: FlaskClient) -> None:
    house = _import(client, "Club")
    other = app.test_client()
    for address in (f"/schemes/{house.id}/edit", f"/schemes/{house.id}/delete"):
        assert client.get(address).status_code == 200
        refused = other.get(address)
        assert refused.status_code == 403
        assert "Only the browser that saved this scheme" in refused.get_data(as_text=True)
        assert other.post(address, data={"action": "save", "name": "Taken"}).status_code == 403
    assert _saved(app, "Club").version == house.version
    # Others may view, export, copy and play it.
    listing = other.get("/schemes").get_data(as_text=True)
    assert "Club" in listing and f"/schemes/{house.id}/edit" not in listing
    assert f"/schemes/{house.id}/delete" not in listing
    assert f"/schemes/{house.id}/edit" in client.get("/schemes").get_data(as_text=True)
    assert other.get(f"/schemes/{house.id}/export").status_code == 200
    assert other.get("/schemes/new?from=Club").status_code == 200
    assert other.get("/new?scheme=Club").status_code == 200
    # The owner deletes it.
    assert client.post(f"/schemes/{house.id}/delete").status_code == 302
    assert client.get(f"/schemes/{house.id}/edit").status_code == 404


def test_a_copy_belongs_to_the_browser_that_saved_it(app: Flask, client: FlaskClient) -> None:
    _import(client, "Club")
    other = app.test_client()
    copy = _import(other, "Club copy")
    assert other.get(f"/schemes/{copy.id}/edit").status_code == 200
    assert client.get(f"/schemes/{copy.id}/edit").status_code == 403


def test_a_scheme_from_before_keys_is_claimed_by_its_first_save(
    app: Flask, client: FlaskClient
) -> None:
    house = _import(client, "Old club")
    with app.app_context():
        db = get_db()
        db.execute("UPDATE schemes SET edit_key = NULL WHERE id = ?", [house.id])
        db.conn.commit()
    first, second = app.test_client(), app.test_client()
    url = f"/schemes/{house.id}/edit"
    # Anyone may edit it so far (and the listing offers Edit to all)...
    assert first.get(url).status_code == 200 and second.get(url).status_code == 200
    assert url in second.get("/schemes").get_data(as_text=True)
    # ...until a browser saves it: that browser then holds its key.
    saved = submit(first, changed(editor(first, url), quota=3), url=url)
    assert saved.status_code == 302 and _saved(app, "Old club").version == 2
    assert _saved(app, "Old club").key_hash is not None
    assert first.get(url).status_code == 200
    assert second.get(url).status_code == 403 and client.get(url).status_code == 403


def test_a_scheme_is_claimed_once_only(app: Flask, client: FlaskClient) -> None:
    house = _import(client, "Old club")
    with app.app_context():
        db = get_db()
        assert scheme_store.claim(db, house.id) is None  # it has a key already
        db.execute("UPDATE schemes SET edit_key = NULL WHERE id = ?", [house.id])
        db.conn.commit()
        claimed = scheme_store.claim(db, house.id)
        assert claimed is not None and claimed.key
        assert scheme_store.key_matches(claimed, claimed.key)
        assert scheme_store.claim(db, house.id) is None
