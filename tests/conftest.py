"""Every test in this suite runs under a live-count check: a test after which
th's C core holds more (or fewer) storages, tensors or bytes than before it
fails, even if its assertions passed."""
import gc

import pytest
from hypothesis import HealthCheck, settings

import th

settings.register_profile(
    "th", deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("th")


@pytest.fixture(autouse=True)
def check_live_counts():
    gc.collect()
    before = th.debug.live()
    yield
    gc.collect()
    after = th.debug.live()
    assert after == before, f"live counts changed: {before} -> {after}"
