"""Every test runs offline: the Vosk model download is switched off however pytest is
started (``./dev.sh test`` sets the same switch), so no test waits on the network."""

from __future__ import annotations

import os

os.environ["HOLDEM_OFFLINE"] = "1"
