"""What every ``crkb`` command shares: the ``--kb`` option, one-line errors, JSON output."""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

import click

from ingest.manifest import ManifestError
from ingest.sources import BuildCrashed, SourceError
from kb.errors import KBError
from kb.model import ALL_LANGUAGES, LANGUAGES, language_code
from kb.numbers import parse_number
from kb.store.layout import current_build, default_kb_dir
from kb.store.read import Store


def kb_option(command: Callable) -> Callable:
    """Add ``--kb DIR`` (passed as ``kb_dir``, None for the default KB folder)."""
    return click.option(
        "--kb", "kb_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
        help="KB folder (default: $CRKB_HOME, else ~/.local/share/crkb).",
    )(command)


def language(allow_all: bool = False) -> Callable[[click.Context, click.Parameter, str | None], str | None]:
    """A ``--lang`` callback: the value read as the site reads ``?lang=`` (``kb.model.language_code``:
    ``EN``, ``kr``, ``zh-CN``), one of ``kb.model.LANGUAGES`` (or ``ALL_LANGUAGES``, ``all``, when
    ``allow_all``), None kept; anything else is a usage error naming the choices (``--lang xx``
    printed an empty table)."""
    choices = (*LANGUAGES, ALL_LANGUAGES) if allow_all else LANGUAGES

    def check(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
        lang = None if value is None else language_code(value)
        if lang is None or lang in choices:
            return lang
        raise click.BadParameter(f"{value!r} is not one of {', '.join(choices)}")

    return check


def rule_number(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A callback for an option naming a section or rule: its canonical number (``702.19B`` ->
    ``702.19b``), None kept; anything else is a usage error (``--section abc`` found nothing)."""
    if value is None:
        return None
    number = parse_number(value)
    if number is None:
        raise click.BadParameter(f"{value!r} is not a section or rule number (7, 702, 702.19)")
    return number


def kb_store(kb_dir: Path | None) -> Store:
    """The store of the KB in place at ``kb_dir`` (None: the default KB folder); raises
    ``kb.errors.KBMissing`` when it has no build."""
    return Store(current_build(kb_dir or default_kb_dir()).store)


def clean_errors(command: Callable) -> Callable:
    """Turn the errors a user can cause into one-line ``Error: ...`` messages with exit code 1; a
    pipe closed by its reader ends the command quietly (exit code 0)."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except BrokenPipeError:  # crkb search ... | head: the reader has what it wanted
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python flushes stdout again at exit
            sys.exit(0)
        except OSError as err:  # "[Errno 2] No such file or directory: 'x'" reads as "x: No such file or directory"
            raise click.ClickException(f"{err.filename}: {err.strerror}" if err.filename and err.strerror
                                       else str(err)) from None
        except (KBError, SourceError, ManifestError, ValueError) as err:
            raise click.ClickException(str(err)) from None
        except BuildCrashed as err:
            raise click.ClickException(f"build crashed on {err}; nothing was published") from None

    return wrapper


def print_json(data: object) -> None:
    """Print ``data`` as indented JSON, non-ASCII text as it is."""
    click.echo(json.dumps(data, ensure_ascii=False, indent=1))
