"""What the stage's browser reports, read safely: the settings it settled on, snapped to stops.

Anything in a report may be tampered with or broken, so it is never trusted as is: a value
becomes the nearest stop, or is dropped if it is no number; either is logged, never raised.
"""

from __future__ import annotations

import logging

from ui.settings import SETTINGS, STAGE_KEYS

log = logging.getLogger(__name__)


def settled_from_browser(raw) -> dict[str, float]:
    """The settings a browser reports, snapped to stops (it sends only stops: anything else is
    tampered or broken, so the nearest stop, or dropped if no number; logged, never raised)."""
    if not isinstance(raw, dict):
        log.warning("stage: ignored a report that is not an object: %.80r", raw)
        return {}
    values = {}
    for key in STAGE_KEYS:
        if key not in raw:
            continue
        value, note = SETTINGS[key].parse([str(raw[key])[:100]])
        if note:
            log.warning("stage: %s from the browser corrected: %s", key, note)
        if note is None or "nearest" in note:
            values[key] = value
    return values
