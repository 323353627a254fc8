"""Our own theme: high contrast, for low vision and washed-out projectors (the built-ins have none)."""

from __future__ import annotations

from textual.theme import Theme

HIGH_CONTRAST = Theme(
    name="chimera-high-contrast",
    primary="#00FFFF",
    secondary="#FFFF00",
    accent="#FF00FF",
    warning="#FFD700",
    error="#FF5555",
    success="#00FF00",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#1A1A1A",
    boost="#333333",
    dark=True,
    variables={
        "text-muted": "#FFFFFF",
        "footer-key-foreground": "#FFFF00",
        "block-cursor-background": "#FFFF00",
        "block-cursor-foreground": "#000000",
        "border": "#FFFFFF",
        "border-blurred": "#AAAAAA",
    },
)
"""White on black, saturated player colours, yellow cursor; muted text stays full white."""

THEMES = (HIGH_CONTRAST,)
