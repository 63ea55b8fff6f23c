"""Hypothesis profiles for the engine's property tests.

``ci`` (the default) is derandomized with a set number of examples, so the same commit
always runs the same examples and passes or fails alike. ``deep`` runs many more random
examples on demand: ``HYPOTHESIS_PROFILE=deep .venv/bin/python -m pytest tests/engine``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=40,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "deep",
    max_examples=1500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
