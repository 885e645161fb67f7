from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def countdown(seconds: int | None) -> str:
    """Seconds as the countdown shows them: 1:05:09, or 4:07 under an hour."""
    if seconds is None:
        return ""
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
