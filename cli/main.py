"""The ``crkb`` command line: build the KB, list editions, export an edition, show a rule, serve.

Every command takes ``--kb DIR`` (default ``$CRKB_HOME``, else ``~/.local/share/crkb``). Errors
print one line (``Error: ...``) and exit non-zero; no tracebacks. A command's module is imported
when the command runs (``LazyGroup``): ``crkb show`` does not load the build, the site or search.
"""

from __future__ import annotations

import importlib

import click

COMMANDS = {
    "build": "cli.build_commands:build",
    "serve": "cli.build_commands:serve",
    "editions": "cli.kb_commands:editions",
    "export": "cli.kb_commands:export",
    "show": "cli.kb_commands:show",
    "search": "cli.search_commands:search",
    "eval": "cli.search_commands:eval",
    "fetch": "cli.fetch_command:fetch",
    "history": "cli.history_commands:history",
    "changes": "cli.history_commands:changes",
    "terms": "cli.terms_command:terms",
}
"""Each command's name and where it is defined (``module:attribute``)."""


class LazyGroup(click.Group):
    """A click group whose commands (``COMMANDS``) are imported when asked for (click's own
    pattern for lazily loaded subcommands)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = COMMANDS.get(cmd_name)
        if where is None:
            return None
        module, attribute = where.split(":")
        return getattr(importlib.import_module(module), attribute)


@click.group(cls=LazyGroup)
@click.version_option(package_name="crkb")
def main() -> None:
    """crkb: read, search and link the Magic: The Gathering Comprehensive Rules (en, ko, ja, zh)."""
