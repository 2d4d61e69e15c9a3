"""th's suite runs with th's leak harness on (pyproject.toml: th_leaks =
true): every test also fails if it leaves th storages or tensors alive."""
from hypothesis import HealthCheck, settings

settings.register_profile(
    "th", deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("th")
