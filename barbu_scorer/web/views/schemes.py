"""House schemes: list, build from any scheme, check, save, share, delete."""

from __future__ import annotations

import json
import re
from dataclasses import replace

from flask import (
    Blueprint,
    abort,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from barbu_scorer.present.format import scheme_name
from barbu_scorer.scoring.barbu.cards import card_label
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict, scheme_to_dict
from barbu_scorer.scoring.barbu.schemes import BUILTINS, MAX_NAME, Scheme, builtin, renamed
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.text import check_label, read_count, read_json
from barbu_scorer.store import schemes as scheme_store
from barbu_scorer.web.access import claim_unowned, keep_scheme_key, require_scheme_owner
from barbu_scorer.web.budgets import new_scheme
from barbu_scorer.web.db import get_db
from barbu_scorer.web.forms.scheme_draft import candidate_cards, resized
from barbu_scorer.web.forms.schemes import ImportForm, SchemeForm
from barbu_scorer.web.pages import or_404
from barbu_scorer.web.scheme_editor import (
    Verdict,
    contract_cards,
    drawn,
    figures,
    judge,
    move,
    verdict_on,
)

bp = Blueprint("schemes", __name__, url_prefix="/schemes")


def _source(ref: str | None) -> Scheme:
    """A built-in by id or a saved scheme by name: where a new house scheme starts."""
    if not ref or ref in BUILTINS:
        return builtin(ref or "tournament")
    return or_404(scheme_store.find(get_db(), ref))


def _render(
    form: SchemeForm, verdict: Verdict, house: scheme_store.HouseScheme | None, status: int = 200
) -> tuple[str, int]:
    draft = verdict.draft
    pack = draft.pack if draft else (form.pack.data if form.pack.data in (52, 32) else 52)
    page = render_template(
        "schemes/edit.html",
        form=form,
        verdict=verdict,
        house=house,
        draft=draft,
        offered=candidate_cards(pack, tuple(form.left_out.data or ())),
        card_label=card_label,
        contract_cards=contract_cards(form, draft),
        figures=figures(draft) if draft else None,
    )
    return page, status


def _editor(house: scheme_store.HouseScheme | None) -> Response | tuple[str, int]:
    """The editor's POST: check, move or remove a contract, or save."""
    form = SchemeForm()
    house_id = house.id if house else None
    verdict = judge(form, house_id)
    action = request.form.get("action", "check")
    saving = action == "save"
    if verdict.draft is None:
        if saving:
            verdict.error = _("Not saved: correct the fields marked ✗.")
        return _render(form, verdict, house, 422 if saving else 200)
    draft, proposed = verdict.draft, resized(form)
    if action.startswith(("up-", "down-", "remove-")):
        draft = move(draft, action)
        verdict = verdict_on(draft, house_id, proposed)
    elif saving and verdict.ok and not proposed:
        return _save(form, draft, house)
    elif saving:
        verdict.error = verdict.error or (
            _("Not saved yet: check the proposals, then save.")
            if proposed
            else _("Not saved: correct the fields marked ✗.")
        )
    return _render(drawn(draft, form.version.data), verdict, house, 422 if saving else 200)


def _drawn_from(version: str | None, house: scheme_store.HouseScheme) -> int:
    """The version the editor's page was drawn from (its hidden field; the saved one when
    the field is missing). A field that is no whole number was not written by this app's
    page: 0, a version no scheme has, so the save is refused as made over another's."""
    if not version:
        return house.version
    return read_count(version, digits=19) or 0


def _save(
    form: SchemeForm, draft: Scheme, house: scheme_store.HouseScheme | None
) -> Response | tuple[str, int]:
    db = get_db()
    version = form.version.data
    try:
        if house is None:
            saved = new_scheme(db, replace(draft, version=1))
            keep_scheme_key(saved)
            flash(
                _("Saved %(name)s (version 1). It is offered under New session.", name=saved.name),
                "ok",
            )
        else:
            after = scheme_store.update(db, house.id, draft, _drawn_from(version, house))
            claim_unowned(house)
            if after is None:
                flash(
                    _(
                        "No change: %(name)s stays at version %(v)s.",
                        name=house.name,
                        v=house.version,
                    ),
                    "ok",
                )
            else:
                flash(
                    _(
                        "Saved %(name)s as version %(v)s. Sessions already begun keep the "
                        "rules they started with.",
                        name=after.name,
                        v=after.version,
                    ),
                    "ok",
                )
    except (scheme_store.NameTaken, ScoringError) as error:
        verdict = verdict_on(draft, house.id if house else None)
        verdict.add("name", str(error), True)
        return _render(
            drawn(draft, version), verdict, house, 422 if isinstance(error, ScoringError) else 409
        )
    except scheme_store.SchemeChanged as error:
        current = scheme_store.get(db, house.id) if house else None
        verdict = verdict_on(draft, house.id if house else None)
        verdict.error = _(
            "%(why)s. Your changes are below: save again to replace it.", why=str(error)
        )
        return _render(
            drawn(draft, str(current.version) if current else version), verdict, house, 409
        )
    return redirect(url_for("schemes.index"))


# -- pages ---------------------------------------------------------------------------------
@bp.get("")
def index() -> str:
    """The built-ins (read-only) and the saved house schemes, with their totals."""
    return render_template(
        "schemes/index.html",
        builtins=list(BUILTINS.values()),
        house=scheme_store.list_schemes(get_db()),
        figures=figures,
        import_form=ImportForm(),
    )


@bp.route("/new", methods=["GET", "POST"])
def new() -> str | Response | tuple[str, int]:
    """A new house scheme, starting from a built-in or a saved scheme (``?from=``)."""
    if request.method == "POST":
        return _editor(None)
    source = _source(request.args.get("from"))
    name = scheme_store.free_name(get_db(), _("%(name)s (ours)", name=scheme_name(source.name)))
    start = renamed(source, name, name)
    return _render(drawn(start, None), verdict_on(start, None), None)


def _house_or_404(scheme_id: int) -> scheme_store.HouseScheme:
    return or_404(scheme_store.get(get_db(), scheme_id))


@bp.route("/<int:scheme_id>/edit", methods=["GET", "POST"])
def edit(scheme_id: int) -> str | Response | tuple[str, int]:
    """Edit a saved house scheme: every save that changes it makes a new version."""
    house = _house_or_404(scheme_id)
    require_scheme_owner(house)
    if request.method == "POST":
        return _editor(house)
    return _render(
        drawn(house.scheme, str(house.version)), verdict_on(house.scheme, house.id), house
    )


@bp.post("/preview")
def preview() -> Response:
    """The editor's consequences and notes as JSON, for the page's script."""
    house_id = request.form.get("house", type=int)
    form = SchemeForm()
    verdict = judge(form, house_id)
    draft = verdict.draft
    found = figures(draft) if draft else None
    shown = {"draft": draft, "verdict": verdict, "figures": found}
    return jsonify(
        {
            "ok": verdict.ok,
            "notes": verdict.notes,
            "totals": found["totals"] if found else {},
            "html": render_template("schemes/_figures.html", **shown),
            "bar": render_template("schemes/_bar.html", **shown),
        }
    )


@bp.route("/<int:scheme_id>/delete", methods=["GET", "POST"])
def delete(scheme_id: int) -> str | Response:
    """Ask, then delete a house scheme; sessions begun with it keep their copy."""
    house = _house_or_404(scheme_id)
    require_scheme_owner(house)
    form = ImportForm()  # any FlaskForm: the CSRF token is what matters here
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        scheme_store.delete(get_db(), scheme_id)
        flash(
            _("Deleted %(name)s. Sessions begun with it keep their own copy.", name=house.name),
            "ok",
        )
        return redirect(url_for("schemes.index"))
    return render_template("schemes/delete.html", house=house, form=form)


def _download(scheme: Scheme) -> Response:
    body = json.dumps(scheme_to_dict(scheme), ensure_ascii=False, indent=2) + "\n"
    slug = re.sub(r"[^A-Za-z0-9]+", "-", scheme.name).strip("-").lower() or "scheme"
    response = Response(body, mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="{slug}.scheme.json"'
    return response


@bp.get("/<int:scheme_id>/export")
def export(scheme_id: int) -> Response:
    """A saved scheme as the JSON object a session document carries in ``scheme``."""
    return _download(_house_or_404(scheme_id).scheme)


@bp.get("/builtin/<scheme_id>/export")
def export_builtin(scheme_id: str) -> Response:
    """A built-in as a scheme JSON object (a start for another table's house scheme)."""
    if scheme_id not in BUILTINS:
        abort(404)
    return _download(BUILTINS[scheme_id])


def _imported(form: ImportForm) -> Scheme:
    """The scheme object the import form carries (pasted or uploaded), checked whole."""
    upload = form.file.data
    text = upload.read().decode("utf-8", "replace") if upload else (form.text.data or "")
    if not text.strip():
        raise ScoringError(_("Paste a scheme's JSON or pick a file."))
    data = read_json(text)
    if isinstance(data, dict) and isinstance(data.get("scheme"), dict):
        data = data["scheme"]  # a whole session document: take its scheme
    scheme = scheme_from_dict(data)
    name = check_label(form.name.data or "", MAX_NAME, _("Save it as"), blank=True) or scheme.name
    return replace(scheme, id=name, name=name)


@bp.post("/import")
def import_scheme() -> str | Response | tuple[str, int]:
    """Save a shared scheme's JSON as a house scheme (checked whole; nothing stored if not)."""
    form = ImportForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        scheme = _imported(form)
        saved = new_scheme(get_db(), scheme)
        keep_scheme_key(saved)
    except (ScoringError, scheme_store.NameTaken) as error:
        message = error.message if isinstance(error, ScoringError) else str(error)
        if isinstance(error, scheme_store.NameTaken):
            message += _(": give it another name below.")
        page = render_template(
            "schemes/index.html",
            builtins=list(BUILTINS.values()),
            house=scheme_store.list_schemes(get_db()),
            figures=figures,
            import_form=form,
            import_error=message,
        )
        return page, 422
    flash(_("Imported %(name)s (version %(v)s).", name=saved.name, v=saved.version), "ok")
    return redirect(url_for("schemes.index"))
