"""Barbu Scorer: the score keeper for Barbu.

Importing the package (or its rules, ``barbu_scorer.scoring``) loads no web framework:
the app is built by ``barbu_scorer.app.create_app``.
"""

__version__ = "0.1.0"
