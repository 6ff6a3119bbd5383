"""click's own words, as a scorer at the laptop may read them (usage errors, the help's
headings), marked here so that the catalogue carries them in French.

click asks the stdlib's ``gettext`` for them; :func:`barbu_scorer.cli_help.click_speaks`
hands click the CLI language's catalogue for the whole run. Programmers' errors of
click's (a command declared wrongly) are left out: no user ever sees them.
"""

from __future__ import annotations

from gettext import ngettext

from barbu_scorer.scoring.messages import N_

WORDS = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("default: {default}"),
    N_("required"),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Aborted!"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing parameter: {param_name}"),
    N_("Missing {param_type}"),
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("No such option {name!r}."),
    N_("Option {name!r} does not take a value."),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("Could not open file {filename!r}: {message}"),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("unknown error"),
)
PLURALS = (
    ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1),
    ngettext(
        "Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", 1
    ),
    ngettext(
        "Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", 1
    ),
    ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 1),
)
