"""The Flask extensions, created once and bound to the app in ``create_app``."""

from __future__ import annotations

from flask_babel import Babel
from flask_wtf import CSRFProtect

csrf = CSRFProtect()
babel = Babel()
