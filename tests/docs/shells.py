"""Run a completion script in the real shell it is for and read what Tab offers.

- bash: the script is sourced and its completion function called with ``COMP_WORDS`` and ``COMP_CWORD`` set
  as bash sets them for the line (words split at blanks; our test lines hold no ``=`` or ``:`` to split at).
- fish: the script is sourced and ``complete -C LINE`` asked, as the fish pager does.
- zsh: an interactive ``zsh -f`` in a pseudo-terminal, with the script installed as ``_chimera`` in a folder on
  ``fpath`` before ``compinit`` (exactly as the docs say to install it), is sent the line and a Tab; a
  wrapper around ``compadd`` prints each match zsh adds (after its own matching against what is typed), and
  a post-completion hook marks the end.
"""

from __future__ import annotations

import os
import pty
import re
import select
import shlex
import shutil
import subprocess
import time
from pathlib import Path

TIMEOUT = 30.0


def installed(shell: str) -> bool:
    return shutil.which(shell) is not None


def _env(home: Path) -> dict[str, str]:
    return {"PATH": os.environ.get("PATH", ""), "HOME": str(home), "TERM": "dumb", "LANG": "C.UTF-8"}


def _output(argv: list[str], cwd: Path) -> list[str]:
    done = subprocess.run(
        argv, cwd=cwd, env=_env(cwd), capture_output=True, text=True, timeout=TIMEOUT, check=True
    )
    return done.stdout.splitlines()


def bash(script: Path, line: str, cwd: Path) -> list[str]:
    words = shlex.split(line) + ([""] if line.endswith(" ") else [])
    program = (
        f"source {shlex.quote(str(script))}\n"
        f"COMP_WORDS=({' '.join(shlex.quote(w) for w in words)})\n"
        f"COMP_CWORD={len(words) - 1}\n"
        f"COMP_LINE={shlex.quote(line)}\nCOMP_POINT=${{#COMP_LINE}}\n"
        "_shtab_chimera chimera\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    return [word for word in _output(["bash", "--norc", "--noprofile", "-c", program], cwd) if word]


def fish(script: Path, line: str, cwd: Path) -> list[str]:
    program = f"source {shlex.quote(str(script))}; complete -C {shlex.quote(line)}"
    return [
        entry.split("\t", 1)[0] for entry in _output(["fish", "--no-config", "-c", program], cwd) if entry
    ]


ZSH_SETUP = r"""
PS1='' PROMPT='' RPROMPT=''
fpath=({folder} $fpath)
autoload -Uz compinit && compinit -u -D
compadd() {{
  if [[ " $* " == *" -"[OAD]" "* ]]; then builtin compadd "$@"; return; fi
  local -a found
  builtin compadd -A found "$@"
  (( $#found )) && print -r -- "<<match:"${{^found}}">>"
  builtin compadd "$@"
}}
_chimera_test_done() {{ print -r -- '<<done>>'; }}
comppostfuncs=(_chimera_test_done)
print '<<ready>>'
"""


def zsh(script: Path, line: str, cwd: Path) -> list[str]:
    folder = cwd.parent / f"{cwd.name}-zfunc"
    folder.mkdir(exist_ok=True)
    shutil.copyfile(script, folder / "_chimera")
    master, slave = pty.openpty()
    process = subprocess.Popen(
        ["zsh", "-f", "-i"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        cwd=cwd,
        env=_env(cwd),
        start_new_session=True,
    )
    os.close(slave)
    try:
        for setup in ZSH_SETUP.format(folder=shlex.quote(str(folder))).strip().splitlines():
            os.write(master, setup.encode() + b"\n")
        _read_until(master, b"<<ready>>\r\n")
        os.write(master, line.encode() + b"\t")
        shown = _read_until(master, b"<<done>>")
    finally:
        process.kill()
        process.wait()
        os.close(master)
    return re.findall(r"<<match:(.*?)>>", shown)


def _read_until(fd: int, marker: bytes) -> str:
    out = b""
    deadline = time.monotonic() + TIMEOUT
    while marker not in out:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            raise TimeoutError(f"zsh never printed {marker!r}; it printed:\n{out.decode(errors='replace')}")
        out += os.read(fd, 65536)
    return out.decode(errors="replace")


RUN = {"bash": bash, "zsh": zsh, "fish": fish}
