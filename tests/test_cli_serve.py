"""``barbu-scorer serve`` on an instance folder it cannot write (a read-only file system)
stops with one clear line and exit code 1, not a traceback (issue 27, item 15)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

SERVE = [sys.executable, "-c", "from barbu_scorer.cli import main; main()"]


def _read_only(folder: Path) -> list[str]:
    """A prefix running a command with ``folder`` read-only: a read-only bind mount of
    it in a mount namespace of the command's own (as root, whom modes do not stop), else
    the folder's modes."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        return []
    script = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"'
    prefix = ["unshare", "--mount", "sh", "-c", script, str(folder)]
    if shutil.which("unshare") is None or subprocess.run([*prefix, "true"]).returncode:
        pytest.skip("no way to make a read-only folder here")
    return prefix


@pytest.mark.parametrize("inside", ["", "new"])
def test_serve_on_a_read_only_folder_says_so_and_exits_1(tmp_path: Path, inside: str) -> None:
    folder = tmp_path / "instance"
    folder.mkdir()
    (folder / "barbu.db").write_bytes(b"")  # a folder served before, or one never served
    instance = folder / inside if inside else folder
    command = [*SERVE, "serve", "--instance", str(instance), "--port", "0", "--host", "127.0.0.1"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [*_read_only(folder), *command], capture_output=True, text=True, timeout=60, env=env
    )
    folder.chmod(0o700)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("barbu-scorer: "), done.stderr
    assert f"{instance} cannot be written" in lines[0] and "--instance DIR" in lines[0]
