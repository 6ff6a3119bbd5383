"""The wheel's build hook: compile the translation catalogues (.po) into the .mo files
the wheel carries. Compiled files are never committed; a checkout compiles its own on
first use (barbu_scorer/i18n.py)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogueHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile ``barbu_scorer/translations/*/LC_MESSAGES/*.po`` into the wheel."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root) / "barbu_scorer" / "translations"
        out = Path(tempfile.mkdtemp(prefix="barbu-mo-"))
        for po in sorted(root.glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as source:
                catalogue = read_po(source, locale=po.parent.parent.name)
            mo = out / po.relative_to(root).with_suffix(".mo")
            mo.parent.mkdir(parents=True, exist_ok=True)
            with mo.open("wb") as target:
                write_mo(target, catalogue, use_fuzzy=False)
            inside = f"barbu_scorer/translations/{po.relative_to(root).with_suffix('.mo')}"
            build_data["force_include"][str(mo)] = inside
