"""Work-arounds for Textual behaviour that hurts a long-running app; `install` applies them (idempotent).

``chimera_tui.ui`` installs them on import, before any widget exists, so every screen benefits. Each fix
checks that the Textual code it replaces still has the shape it was written for and is skipped otherwise;
`APPLIED` names the fixes in place, and `suspended` takes them out again for a ``with`` block.

Each fix has a way out. Its module's docstring names the upstream issue or pull request, or says that the
report is drafted in ``docs/textual-upstream.md`` (this project's machines cannot reach GitHub to file it).
``tests/ui/test_textual_fixes.py`` checks that each fix is in place and does what it says, and
``tests/ui/test_textual_canaries.py`` runs plain Textual (every fix suspended) and asserts that each problem
is still there: the day a canary fails, Textual behaves, and its message says which fix to drop.

By what they are about:

* `memory` — closed widgets that Textual keeps: ``styles-cache`` (an ``lru_cache`` on a method) and
  ``watchers`` (watchers left on the objects they watched);
* `dialog_drawing` — the dimmed screen below a dialog: ``tint`` (blended segment by segment) and
  ``dimmed-picture`` (drawn again on every refresh of the dialog);
* `screen_changes` — work on the screens below when a screen is shown or closed: ``background-layout``,
  ``screen-removal`` and ``screen-restyle``;
* `dismiss` — ``stale-dismiss``: a dialog closed twice closed the screen below it;
* `input_waiting` — ``idle-input``: the terminal's input thread woke ten times a second with nothing to read;
* `web_input_waiting` — ``idle-web-input``: the same, for the web driver's input thread (a browser tab);
* `paste_escapes` — ``paste-escapes``: what followed an ESC inside a bracketed paste arrived as key presses;
* `frame_diff` — ``frame-diff``: every frame written whole, where the terminal needs only the cells that
  changed (with `frame_cells`, the terminal's picture, and `frame_writer` and `frame_codes`, the bytes of a
  change);
* CPU per key (issue 37) — work Textual did again on every key for nothing: ``strip-caches``,
  ``component-styles``, ``option-highlight``, ``partial-renders``, ``kept-frames``, ``focus-refresh`` and
  ``callback-params`` (each module of that name).

``CHIMERA_TEXTUAL_FIXES_OFF`` (fix names, comma-separated) leaves the named fixes out of a whole process, so
a benchmark can run Textual's own code beside the fix: ``CHIMERA_TEXTUAL_FIXES_OFF=frame-diff chimera``.
"""

from __future__ import annotations

import os

from chimera_tui.ui.textual_fixes.callback_params import install_callback_params
from chimera_tui.ui.textual_fixes.component_styles import install_component_styles
from chimera_tui.ui.textual_fixes.dialog_drawing import install_dimmed_picture, install_tint
from chimera_tui.ui.textual_fixes.dismiss import install_stale_dismiss
from chimera_tui.ui.textual_fixes.focus_refresh import install_focus_refresh
from chimera_tui.ui.textual_fixes.frame_diff import install_frame_diff
from chimera_tui.ui.textual_fixes.input_waiting import install_idle_input
from chimera_tui.ui.textual_fixes.kept_frames import install_kept_frames
from chimera_tui.ui.textual_fixes.memory import forget_watchers, install_styles_cache, install_watchers
from chimera_tui.ui.textual_fixes.option_highlight import install_option_highlight
from chimera_tui.ui.textual_fixes.partial_renders import install_partial_renders
from chimera_tui.ui.textual_fixes.paste_escapes import install_paste_escapes
from chimera_tui.ui.textual_fixes.patching import APPLIED, FIXES, REPLACED, suspended
from chimera_tui.ui.textual_fixes.screen_changes import (
    install_background_layout,
    install_screen_removal,
    install_screen_restyle,
)
from chimera_tui.ui.textual_fixes.strip_caches import install_strip_caches
from chimera_tui.ui.textual_fixes.web_input_waiting import install_idle_web_input

__all__ = ["APPLIED", "FIXES", "REPLACED", "forget_watchers", "install", "suspended"]

_INSTALLS = {
    "styles-cache": install_styles_cache,
    "watchers": install_watchers,
    "tint": install_tint,
    "dimmed-picture": install_dimmed_picture,
    "background-layout": install_background_layout,
    "screen-removal": install_screen_removal,
    "screen-restyle": install_screen_restyle,
    "stale-dismiss": install_stale_dismiss,
    "idle-input": install_idle_input,
    "idle-web-input": install_idle_web_input,
    "paste-escapes": install_paste_escapes,
    "frame-diff": install_frame_diff,
    "strip-caches": install_strip_caches,
    "component-styles": install_component_styles,
    "option-highlight": install_option_highlight,
    "partial-renders": install_partial_renders,
    "kept-frames": install_kept_frames,
    "focus-refresh": install_focus_refresh,
    "callback-params": install_callback_params,
}
"""Each fix by name, and what puts it in place."""

_installed = False


def install() -> None:
    """Apply the work-arounds once (but those ``CHIMERA_TEXTUAL_FIXES_OFF`` names); versions of Textual
    without the problem are left alone."""
    global _installed
    if _installed:
        return
    _installed = True
    left_out = {name.strip() for name in os.environ.get("CHIMERA_TEXTUAL_FIXES_OFF", "").split(",")}
    for name, install_fix in _INSTALLS.items():
        if name not in left_out:
            install_fix()
