"""The export's static search: Pagefind (the ``pagefind`` PyPI package ships its binary; the
extended binary, ``pagefind[extended]``, segments Chinese and Japanese words) indexes the newest
edition's rule pages and the glossary entries into ``<export>/pagefind/``; the exported search page
(``static/static-search.js``) queries it in the browser.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

GLOB = "{*/cr/*/index.html,*/glossary/*/index.html}"
"""The pages searched: each language's newest edition's rule pages (``en/cr/702.19b/``; pinned
pages are one folder deeper and left out) and glossary entries."""


def index_site(root: Path) -> str:
    """Run Pagefind over the export in ``root``; returns its last line of output ("Finished in …"
    with page and word counts). Raises ``RuntimeError`` with Pagefind's output when it fails."""
    command = [sys.executable, "-m", "pagefind", "--site", str(root), "--glob", GLOB, "--silent"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        raise RuntimeError(f"pagefind failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}")
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "indexed"
