"""The web layer: the only package that imports Flask, WTForms or Babel."""
